import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuidelineText } from '@/components/GuidelineText';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { VersionDiffView } from '@/components/VersionDiffView';
import type { Language as GuidelineLanguage, GuidelinesVersionInfo as GuidelineVersionInfo } from '@/lib/api-types.gen';
import { apiErrorText } from '@/lib/apiErrors';
import { formatDateTime } from '@/lib/dates';
import { useGuideline } from '@/lib/endpoints/getGuideline';
import { showSnackbar } from '@/lib/snackbar';
import { useDownloadDraftPdf } from '../api/downloadDraftPdf';
import { useGuidelineVersions } from '../api/getGuidelineVersions';

/** The pair compared first: the published version against the latest, else the two newest. */
export function defaultComparison(versions: readonly GuidelineVersionInfo[]): { from: number | null; to: number | null } {
  if (versions.length === 0) return { from: null, to: null };
  const to = versions[0].version;
  const published = versions.find((v) => v.published && v.version !== to);
  return { from: published?.version ?? versions[1]?.version ?? null, to };
}

function VersionSelect({ label, value, versions, onChange }: { label: string; value: number | null; versions: readonly GuidelineVersionInfo[]; onChange: (v: number) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field compare__field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="select" value={value ?? ''} onChange={(e) => onChange(Number(e.target.value))}>
        {versions.map((v) => (
          <option key={v.version} value={v.version}>
            {v.published ? t('guidelines.versions.optionPublished', { version: v.version }) : t('guidelines.versions.option', { version: v.version })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Saved versions of a language and a side-by-side comparison of any two of them. */
export function VersionsTab({ guidelineId, language }: { guidelineId: number; language: GuidelineLanguage }) {
  const { t, i18n } = useTranslation();
  const versions = useGuidelineVersions(guidelineId, language.latestVersion);
  const [choice, setChoice] = useState<{ from: number | null; to: number | null } | null>(null);
  const list = versions.data ?? [];
  const { from, to } = choice ?? defaultComparison(list);
  const before = useGuideline(guidelineId, from);
  const after = useGuideline(guidelineId, to);
  const pdf = useDownloadDraftPdf(guidelineId);
  const download = (version: number) =>
    pdf.mutate(version, { onError: (error) => showSnackbar(apiErrorText(error, t) ?? '', { type: 'error' }) });

  if (versions.isError) return <QueryErrorPage error={versions.error} />;
  if (versions.isPending) return <Loader />;
  const label = (v: number | null) => {
    const info = list.find((x) => x.version === v);
    return info?.published ? t('guidelines.versions.optionPublished', { version: v }) : t('guidelines.versions.option', { version: v });
  };

  return (
    <div className="stack">
      <section className="card" aria-labelledby="versions-heading">
        <h2 id="versions-heading" className="card__title card__title--gap">
          {t('guidelines.versions.title')}
          <span className="card__count">{list.length}</span>
        </h2>
        <ul className="version-rows">
          {list.map((v) => (
            <li key={v.version} className="version-row" data-version={v.version}>
              <span className="version-row__number">v{v.version}</span>
              <span className="version-row__text">
                <span className="version-row__title">{v.title}</span>
                <span className="version-row__meta">
                  {formatDateTime(v.created, i18n.language)}
                  {v.createdBy && ` · ${v.createdBy}`}
                </span>
              </span>
              {v.published && <span className="state-chip state-chip--success">{t('guidelines.versions.published')}</span>}
              <button
                type="button"
                className="btn btn--ghost btn--small"
                aria-label={t('guidelines.versions.pdfOf', { version: v.version })}
                disabled={pdf.isPending && pdf.variables === v.version}
                onClick={() => download(v.version)}
              >
                {pdf.isPending && pdf.variables === v.version ? t('guidelines.versions.pdfPending') : t('guidelines.versions.pdf')}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="compare-heading">
        <h2 id="compare-heading" className="card__title card__title--gap">
          {list.length > 1 ? t('guidelines.versions.compare') : t('guidelines.versions.fullText')}
        </h2>
        {list.length > 1 && (
          <div className="compare">
            <VersionSelect label={t('guidelines.versions.from')} value={from} versions={list} onChange={(v) => setChoice({ from: v, to })} />
            <VersionSelect label={t('guidelines.versions.to')} value={to} versions={list} onChange={(v) => setChoice({ from, to: v })} />
          </div>
        )}
        {before.isError ? (
          <QueryErrorPage error={before.error} />
        ) : after.isError ? (
          <QueryErrorPage error={after.error} />
        ) : list.length === 1 ? (
          after.data ? <GuidelineText version={after.data} /> : <Loader />
        ) : from === to ? (
          <p className="muted">{t('guidelines.versions.same')}</p>
        ) : before.data && after.data ? (
          <VersionDiffView before={before.data} after={after.data} beforeLabel={label(from)} afterLabel={label(to)} />
        ) : (
          <Loader />
        )}
      </section>
    </div>
  );
}
