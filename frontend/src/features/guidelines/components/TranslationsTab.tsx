import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { LanguageBadge } from '@/components/StateChips';
import { VersionDiffView } from '@/components/VersionDiffView';
import type { TranslationStatus } from '@/lib/api-types.gen';
import { apiErrorText } from '@/lib/apiErrors';
import { formatDateTime } from '@/lib/dates';
import { useGuideline } from '@/lib/endpoints/getGuideline';
import { showSnackbar } from '@/lib/snackbar';
import { useConfirmTranslation } from '../api/confirmTranslation';
import { useTranslationStatus } from '../api/getTranslationStatus';

/** What changed in the source, section by section, since the version a translation was made from. */
function SourceDiff({ guidelineId, status }: { guidelineId: number; status: TranslationStatus }) {
  const { t } = useTranslation();
  const before = useGuideline(guidelineId, status.sourceVersion);
  const after = useGuideline(guidelineId, status.currentSourceVersion);
  if (before.isError) return <QueryErrorPage error={before.error} />;
  if (after.isError) return <QueryErrorPage error={after.error} />;
  if (!before.data || !after.data) return <Loader />;
  return (
    <VersionDiffView
      before={before.data}
      after={after.data}
      beforeLabel={t('translations.translatedFrom', { language: status.sourceLanguage.toUpperCase(), version: status.sourceVersion })}
      afterLabel={t('translations.currentSource', { language: status.sourceLanguage.toUpperCase(), version: status.currentSourceVersion })}
    />
  );
}

function TranslationRow({ guidelineId, status, mayConfirm }: { guidelineId: number; status: TranslationStatus; mayConfirm: boolean }) {
  const { t, i18n } = useTranslation();
  const [showDiff, setShowDiff] = useState(false);
  const confirm = useConfirmTranslation(guidelineId);
  const handleConfirm = () =>
    confirm.mutate(status.language, { onSuccess: () => showSnackbar(t('translations.confirmed', { language: status.language.toUpperCase() })) });
  const canDiff = status.outdated && status.sourceVersion != null && status.sourceVersion !== status.currentSourceVersion;
  return (
    <li className="translation-row" data-language={status.language} data-outdated={status.outdated}>
      <div className="translation-row__head">
        <LanguageBadge language={status.language} />
        {status.outdated ? (
          <span className="state-chip state-chip--warning">{t('translations.outdated')}</span>
        ) : (
          <span className="state-chip state-chip--success">{t('translations.current')}</span>
        )}
        <span className="translation-row__meta">
          {status.sourceVersion != null
            ? t('translations.translatedFrom', { language: status.sourceLanguage.toUpperCase(), version: status.sourceVersion })
            : t('translations.noSourceVersion', { language: status.sourceLanguage.toUpperCase() })}
          {' · '}
          {t('translations.currentSource', { language: status.sourceLanguage.toUpperCase(), version: status.currentSourceVersion })}
        </span>
      </div>
      {status.outdated && status.outdatedSince && (
        <p className="card__text">{t('translations.outdatedSince', { date: formatDateTime(status.outdatedSince, i18n.language) })}</p>
      )}
      {status.confirmedAt && (
        <p className="card__text">
          {t('translations.confirmedBy', { name: status.confirmedByName || t('validations.approvals.someone'), date: formatDateTime(status.confirmedAt, i18n.language) })}
        </p>
      )}
      <div className="translation-row__actions">
        {canDiff && (
          <button type="button" className="btn btn--ghost" aria-expanded={showDiff} onClick={() => setShowDiff((x) => !x)}>
            <Icon name="fileText" size={18} />
            {showDiff ? t('translations.hideChanges') : t('translations.showChanges')}
          </button>
        )}
        {mayConfirm && status.outdated && (
          <button type="button" className="btn btn--primary" disabled={confirm.isPending} onClick={handleConfirm}>
            <Icon name="checkCircle" size={18} />
            {t('translations.confirm')}
          </button>
        )}
      </div>
      {confirm.error && (
        <p className="form-error" role="alert">
          {apiErrorText(confirm.error, t)}
        </p>
      )}
      {showDiff && canDiff && <SourceDiff guidelineId={guidelineId} status={status} />}
    </li>
  );
}

/** Translations of a guideline: which source version each was made from, whether it is outdated, the source's changes since, and confirming it current. */
export function TranslationsTab({ guidelineId, mayConfirm }: { guidelineId: number; mayConfirm: boolean }) {
  const { t } = useTranslation();
  const list = useTranslationStatus(guidelineId);
  if (list.isError) return <QueryErrorPage error={list.error} />;
  return (
    <section className="card" aria-labelledby="translations-heading">
      <h2 id="translations-heading" className="card__title card__title--gap">
        {t('guidelines.tabs.translations')}
      </h2>
      <p className="card__text">{t('translations.intro')}</p>
      {list.isPending ? (
        <Loader />
      ) : list.data.length === 0 ? (
        <div className="empty-state">
          <Icon name="fileText" size={28} />
          <p className="empty-state__title">{t('translations.none')}</p>
        </div>
      ) : (
        <ul className="translation-list">
          {list.data.map((s) => (
            <TranslationRow key={s.language} guidelineId={guidelineId} status={s} mayConfirm={mayConfirm} />
          ))}
        </ul>
      )}
    </section>
  );
}
