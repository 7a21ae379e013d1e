import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Since as ReadSince } from '@/lib/api-types.gen';
import { apiErrorText } from '@/lib/apiErrors';
import { useAcknowledge } from '@/lib/endpoints/acknowledge';
import { useChangeSinceRead } from '@/lib/endpoints/getChangeSinceRead';
import { showSnackbar } from '@/lib/snackbar';
import { Icon } from './Icon';
import { Loader } from './Loader';
import { VersionDiffView } from './VersionDiffView';

interface SinceReadBannerProps {
  guideline: number;
  language: string;
  /** the published version on the page */
  version: number;
  changeComment: string;
  /** what the reader had read and acknowledged before opening the page (null: anonymous) */
  since: ReadSince | null;
}

/** The version the reader compares with: the one they acknowledged when acknowledgement is required, else the one they last read. */
export function baseVersion(since: ReadSince): number | null {
  return (since.required ? (since.acknowledgedVersion ?? since.readVersion) : since.readVersion) ?? null;
}

/** Whether the banner shows: the published version is newer than what the reader read, or their acknowledgement of it is missing. */
export function bannerDue(since: ReadSince | null, version: number): since is ReadSince {
  if (!since) return false;
  const missing = since.required && (since.acknowledgedVersion ?? 0) < version;
  return missing || (since.readVersion != null && since.readVersion < version);
}

/** "Changed since your last read" on the guideline page: the change note, the diff since that version and, when required, "Read and understood". */
export function SinceReadBanner({ guideline, language, version, changeComment, since }: SinceReadBannerProps) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const [showDiff, setShowDiff] = useState(false);
  const acknowledge = useAcknowledge();
  const base = since ? baseVersion(since) : null;
  const change = useChangeSinceRead({ guideline, language, since: base ?? 0 }, showDiff && base !== null);
  if (done || !bannerDue(since, version)) return null;
  const changed = base !== null && base < version;
  const mustAcknowledge = since.required && (since.acknowledgedVersion ?? 0) < version;

  const handleAcknowledge = () =>
    acknowledge.mutate(
      { guideline, language, version },
      {
        onSuccess: () => {
          setDone(true);
          showSnackbar(t('acknowledgements.acknowledged'));
        },
      },
    );

  return (
    <section className="reader-banner reader-banner--important since-read" aria-labelledby="since-read-title" data-testid="since-read">
      <h2 id="since-read-title" className="since-read__title">
        <Icon name="bell" size={16} />
        {changed ? t('acknowledgements.changedSinceRead') : t('acknowledgements.required')}
      </h2>
      {changed && <p className="since-read__versions muted">{t('acknowledgements.versions', { from: base, to: version })}</p>}
      {changeComment && <p className="reader-banner__text">{changeComment}</p>}
      <div className="since-read__actions">
        {changed && (
          <button type="button" className="btn btn--ghost btn--small" aria-expanded={showDiff} onClick={() => setShowDiff((s) => !s)}>
            {showDiff ? t('acknowledgements.hideChanges') : t('acknowledgements.showChanges')}
          </button>
        )}
        {mustAcknowledge && (
          <button type="button" className="btn btn--primary btn--small" disabled={acknowledge.isPending} onClick={handleAcknowledge}>
            {t('acknowledgements.acknowledge')}
          </button>
        )}
      </div>
      {acknowledge.isError && (
        <p className="field__error" role="alert">
          {apiErrorText(acknowledge.error, t)}
        </p>
      )}
      {showDiff &&
        (change.isPending ? (
          <Loader />
        ) : change.isError ? (
          <p className="field__error" role="alert">
            {apiErrorText(change.error, t)}
          </p>
        ) : (
          <VersionDiffView
            before={change.data.before}
            after={change.data.after}
            beforeLabel={t('acknowledgements.version', { n: change.data.before.version })}
            afterLabel={t('acknowledgements.version', { n: change.data.after.version })}
          />
        ))}
    </section>
  );
}
