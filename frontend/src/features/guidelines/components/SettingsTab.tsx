import * as Switch from '@radix-ui/react-switch';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { LanguageBadge, StateChips } from '@/components/StateChips';
import { apiErrorText } from '@/lib/apiErrors';
import type { Info as GuidelineInfo, Language as GuidelineLanguage, Settings as ValidationSettings } from '@/lib/api-types.gen';
import { formatDate, isAfterToday, localDateString } from '@/lib/dates';
import { isLanguage, LANGUAGE_NAMES } from '@/lib/language';
import { showSnackbar } from '@/lib/snackbar';
import { useArchiveGuidelineLanguage } from '../api/archiveGuidelineLanguage';
import { useRestoreGuidelineLanguage } from '../api/restoreGuidelineLanguage';
import { useValidationExpirations } from '../api/getValidationExpirations';
import { useValidationSettings } from '../api/getValidationSettings';
import { useSetGuidelineLanguageOnlineStatus } from '../api/setGuidelineLanguageOnlineStatus';
import { useUpdateValidationExpiration } from '../api/updateValidationExpiration';
import { useUpdateValidationSettings } from '../api/updateValidationSettings';

export const MIN_INTERVAL = 1;
export const MAX_INTERVAL = 120;

const languageName = (l: string) => (isLanguage(l) ? LANGUAGE_NAMES[l] : l);

/** Checks the interval field: a whole number of months from 1 to 120; returns an error key or null. */
export function intervalError(value: string): string | null {
  if (!value.trim()) return 'validation.required';
  if (!/^\d+$/.test(value.trim())) return 'validation.integer';
  const n = Number(value);
  return n < MIN_INTERVAL || n > MAX_INTERVAL ? 'validation.interval' : null;
}

function ValidationSettingsForm({ guidelineId, settings }: { guidelineId: number; settings: ValidationSettings }) {
  const { t } = useTranslation();
  const validatorId = useId();
  const intervalId = useId();
  const [validator, setValidator] = useState(settings.mainValidator ? String(settings.mainValidator) : '');
  const [intervalValue, setIntervalValue] = useState(String(settings.validationInterval));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateValidationSettings(guidelineId);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const key = intervalError(intervalValue);
    if (key) {
      setError(t(key, { min: MIN_INTERVAL, max: MAX_INTERVAL }));
      return;
    }
    update.mutate(
      { guideline: guidelineId, validator: validator ? Number(validator) : null, validationInterval: Number(intervalValue) },
      { onSuccess: () => showSnackbar(t('guidelines.settings.saved')) },
    );
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <div className="form-grid">
        <div className="field">
          <label className="field__label" htmlFor={validatorId}>
            {t('guidelines.mainValidator')}
          </label>
          <select id={validatorId} name="validator" className="select" value={validator} onChange={(e) => setValidator(e.target.value)}>
            <option value="">{t('guidelines.settings.noMainValidator')}</option>
            {settings.validators.map((v) => (
              <option key={v.value} value={String(v.value)}>
                {v.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={intervalId}>
            {t('guidelines.settings.interval')}
          </label>
          <input
            id={intervalId}
            name="validationInterval"
            className="input"
            type="number"
            inputMode="numeric"
            min={MIN_INTERVAL}
            max={MAX_INTERVAL}
            value={intervalValue}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${intervalId}-msg`}
            onChange={(e) => {
              setIntervalValue(e.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p id={`${intervalId}-msg`} className="field__error" role="alert">
              {error}
            </p>
          ) : (
            <p id={`${intervalId}-msg`} className="field__hint">
              {t('guidelines.settings.intervalHint')}
            </p>
          )}
        </div>
      </div>
      {update.error && (
        <p className="form-error" role="alert">
          {apiErrorText(update.error, t)}
        </p>
      )}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={update.isPending}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}

function ValidationSettingsCard({ guidelineId }: { guidelineId: number }) {
  const { t } = useTranslation();
  const settings = useValidationSettings(guidelineId);
  return (
    <section className="card" aria-labelledby="validation-settings-heading">
      <h2 id="validation-settings-heading" className="card__title">
        {t('guidelines.settings.validation')}
      </h2>
      <p className="card__text">{t('guidelines.settings.validationText')}</p>
      {settings.isError ? (
        <p className="form-error" role="alert">
          {apiErrorText(settings.error, t)}
        </p>
      ) : settings.isPending ? (
        <Loader />
      ) : (
        <ValidationSettingsForm key={`${settings.data.mainValidator}-${settings.data.validationInterval}`} guidelineId={guidelineId} settings={settings.data} />
      )}
    </section>
  );
}

function ValidityCard({ guidelineId }: { guidelineId: number }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const expirations = useValidationExpirations(guidelineId);
  const update = useUpdateValidationExpiration(guidelineId);
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!date) {
      setError(t('validation.required'));
      return;
    }
    if (!isAfterToday(date)) {
      setError(t('validation.afterToday'));
      return;
    }
    update.mutate(new Date(`${date}T00:00:00`).toISOString(), {
      onSuccess: () => {
        setDate('');
        showSnackbar(t('guidelines.settings.validitySaved'));
      },
    });
  };

  return (
    <section className="card" aria-labelledby="validity-heading">
      <h2 id="validity-heading" className="card__title">
        {t('guidelines.settings.validity')}
      </h2>
      <p className="card__text">{t('guidelines.settings.validityText')}</p>
      {expirations.isError ? (
        <p className="form-error" role="alert">
          {apiErrorText(expirations.error, t)}
        </p>
      ) : expirations.isPending ? (
        <Loader />
      ) : expirations.data.length === 0 ? (
        <p className="muted">{t('guidelines.settings.noValidity')}</p>
      ) : (
        <>
          <ul className="validity-list">
            {expirations.data.map((x) => (
              <li key={x.language}>
                <LanguageBadge language={x.language} />
                <span>{t('guidelines.settings.validUntil', { date: formatDate(x.time, i18n.language) })}</span>
              </li>
            ))}
          </ul>
          <form className="inline-form" onSubmit={handleSubmit} noValidate>
            <div className="field">
              <label className="field__label" htmlFor={id}>
                {t('guidelines.settings.newValidUntil')}
              </label>
              <input
                id={id}
                name="validUntil"
                type="date"
                className="input"
                min={localDateString(tomorrow)}
                value={date}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => {
                  setDate(e.target.value);
                  setError(null);
                }}
              />
              {error && (
                <p id={`${id}-error`} className="field__error" role="alert">
                  {error}
                </p>
              )}
            </div>
            <button type="submit" className="btn btn--primary" disabled={update.isPending}>
              {t('common.save')}
            </button>
          </form>
          {update.error && (
            <p className="form-error" role="alert">
              {apiErrorText(update.error, t)}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function LanguagesCard({ guidelineId, languages }: { guidelineId: number; languages: GuidelineLanguage[] }) {
  const { t } = useTranslation();
  const online = useSetGuidelineLanguageOnlineStatus(guidelineId);
  const archive = useArchiveGuidelineLanguage(guidelineId);
  const restore = useRestoreGuidelineLanguage(guidelineId);
  const [archiving, setArchiving] = useState<string | null>(null);

  const handleRestore = (l: GuidelineLanguage, published: boolean) =>
    restore.mutate(l.language, {
      onSuccess: () =>
        showSnackbar(
          published
            ? t('guidelines.settings.restoredOffline', { language: languageName(l.language) })
            : t('guidelines.settings.restored', { language: languageName(l.language) }),
        ),
    });

  return (
    <section className="card" aria-labelledby="languages-heading">
      <h2 id="languages-heading" className="card__title">
        {t('guidelines.settings.languages')}
      </h2>
      <p className="card__text">{t('guidelines.settings.languagesText')}</p>
      {languages.length === 0 ? (
        <p className="muted">{t('common.noItems')}</p>
      ) : (
        <ul className="lang-rows">
          {languages.map((l) => {
            const archived = l.states.includes('archived');
            const published = l.publishedVersion !== null && l.publishedVersion !== undefined;
            const isOnline = l.states.includes('online');
            return (
              <li key={l.language} className="lang-row" data-language={l.language}>
                <LanguageBadge language={l.language} />
                <div className="lang-row__text">
                  <span className="lang-row__title">{l.title}</span>
                  <StateChips states={l.states} />
                  {archived && <span className="lang-row__hint">{published ? t('guidelines.settings.restoreHint') : t('guidelines.settings.restoreHintDraft')}</span>}
                </div>
                <div className="lang-row__actions">
                  {published && !archived && (
                    <label className="member-row__switch">
                      <span className="member-row__switch-label">{isOnline ? t('states.online') : t('states.offline')}</span>
                      <Switch.Root
                        className="switch"
                        checked={isOnline}
                        disabled={online.isPending}
                        aria-label={t('guidelines.settings.onlineFor', { language: languageName(l.language) })}
                        onCheckedChange={(checked) =>
                          online.mutate(
                            { language: l.language, online: checked },
                            { onSuccess: () => showSnackbar(checked ? t('guidelines.settings.nowOnline') : t('guidelines.settings.nowOffline')) },
                          )
                        }
                      >
                        <Switch.Thumb className="switch__thumb" />
                      </Switch.Root>
                    </label>
                  )}
                  {archived ? (
                    <button
                      type="button"
                      className="btn btn--ghost btn--small"
                      aria-label={t('guidelines.settings.restoreFor', { language: languageName(l.language) })}
                      disabled={restore.isPending}
                      onClick={() => handleRestore(l, published)}
                    >
                      <Icon name="refresh" size={16} />
                      {t('guidelines.settings.restore')}
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn btn--danger-outline btn--small"
                      aria-label={t('guidelines.settings.archiveFor', { language: languageName(l.language) })}
                      onClick={() => {
                        archive.reset();
                        setArchiving(l.language);
                      }}
                    >
                      <Icon name="archive" size={16} />
                      {t('guidelines.settings.archive')}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {online.error && (
        <p className="form-error" role="alert">
          {apiErrorText(online.error, t)}
        </p>
      )}
      {restore.error && (
        <p className="form-error" role="alert">
          {apiErrorText(restore.error, t)}
        </p>
      )}
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(o) => {
          if (!o) setArchiving(null);
        }}
        title={t('guidelines.settings.archiveTitle')}
        description={t('guidelines.settings.archiveText', { language: archiving ? languageName(archiving) : '' })}
        confirmLabel={t('guidelines.settings.archiveConfirm')}
        pending={archive.isPending}
        error={apiErrorText(archive.error, t)}
        onConfirm={() => {
          if (!archiving) return;
          archive.mutate(archiving, {
            onSuccess: () => {
              showSnackbar(t('guidelines.settings.archived', { language: languageName(archiving) }));
              setArchiving(null);
            },
          });
        }}
      />
    </section>
  );
}

/** Settings: main validator and interval (authors and collection admins), validity end and languages: online, archive, restore (authors). */
export function SettingsTab({ info }: { info: GuidelineInfo }) {
  return (
    <div className="stack">
      {info.abilities.settings && <ValidationSettingsCard guidelineId={info.id} />}
      {info.abilities.edit && <ValidityCard guidelineId={info.id} />}
      {info.abilities.edit && <LanguagesCard guidelineId={info.id} languages={info.languages} />}
    </div>
  );
}
