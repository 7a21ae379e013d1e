import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { apiErrorText } from '@/lib/apiErrors';
import type { Info as GuidelineInfo, GuidelineMetadata, Metadata } from '@/lib/api-types.gen';
import { useSpace } from '@/lib/endpoints/getSpace';
import { currentSubdomain } from '@/lib/host';
import { showSnackbar } from '@/lib/snackbar';
import { textIn } from '@/lib/texts';
import { useGuidelineMetadata } from '../api/getGuidelineMetadata';
import { useSpaceMetadata } from '../api/getSpaceMetadata';
import { useSetGuidelineMetadata } from '../api/setGuidelineMetadata';

function MetadataSelect({ definition, value, disabled, onChange }: { definition: Metadata; value: string; disabled: boolean; onChange: (v: string) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const description = textIn(definition.descriptions, i18n.language);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {textIn(definition.names, i18n.language)}
      </label>
      <select
        id={id}
        className="select"
        value={value}
        disabled={disabled}
        aria-describedby={description ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('common.selectOption')}</option>
        {definition.options.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {textIn(o.names, i18n.language)}
          </option>
        ))}
      </select>
      {description && (
        <p id={`${id}-hint`} className="field__hint">
          {description}
        </p>
      )}
    </div>
  );
}

function MetadataForm({ guidelineId, definitions, current, canEdit }: { guidelineId: number; definitions: Metadata[]; current: GuidelineMetadata[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = useSetGuidelineMetadata(guidelineId);
  const [choices, setChoices] = useState<Record<number, string>>(() => Object.fromEntries(current.map((c) => [c.metadataId, String(c.optionId)])));

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    // only definitions the space still uses are sent; an empty choice removes the value
    const metadata = definitions.filter((d) => choices[d.id]).map((d) => ({ metadataId: d.id, optionId: Number(choices[d.id]) }));
    save.mutate(metadata, { onSuccess: () => showSnackbar(t('guidelines.metadata.saved')) });
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <div className="form-grid">
        {definitions.map((d) => (
          <MetadataSelect key={d.id} definition={d} value={choices[d.id] ?? ''} disabled={!canEdit} onChange={(v) => setChoices((c) => ({ ...c, [d.id]: v }))} />
        ))}
      </div>
      {save.error && (
        <p className="form-error" role="alert">
          {apiErrorText(save.error, t)}
        </p>
      )}
      {canEdit && (
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {t('common.save')}
          </button>
        </div>
      )}
    </form>
  );
}

/** Metadata of the guideline: one choice per definition the space uses; changeable with the settings ability. */
export function MetadataTab({ info }: { info: GuidelineInfo }) {
  const { t } = useTranslation();
  const space = useSpace(currentSubdomain());
  const definitions = useSpaceMetadata(space.data?.id ?? 0, space.data !== undefined);
  const current = useGuidelineMetadata(info.id);
  const error = space.error ?? definitions.error ?? current.error;

  if (error) return <QueryErrorPage error={error} />;
  return (
    <section className="card" aria-labelledby="metadata-heading">
      <h2 id="metadata-heading" className="card__title">
        {t('guidelines.tabs.metadata')}
      </h2>
      <p className="card__text">{t('guidelines.metadata.text')}</p>
      {!definitions.data || !current.data ? (
        <Loader />
      ) : definitions.data.length === 0 ? (
        <div className="empty-state">
          <Icon name="folder" size={28} />
          <p className="empty-state__title">{t('guidelines.metadata.none')}</p>
        </div>
      ) : (
        <MetadataForm guidelineId={info.id} definitions={definitions.data} current={current.data} canEdit={info.abilities.settings} />
      )}
    </section>
  );
}
