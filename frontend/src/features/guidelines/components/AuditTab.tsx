import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { apiErrorText } from '@/lib/apiErrors';
import type { Hint as AuditHint, Info as GuidelineInfo } from '@/lib/api-types.gen';
import { formatDateTime } from '@/lib/dates';
import { useGuideline } from '@/lib/endpoints/getGuideline';
import { useAudit } from '../api/getAudit';
import { useRunAudit } from '../api/runAudit';

/** Link errors the server reports with a fixed word; anything else is shown as sent. */
export const AUDIT_ERRORS = ['blocked', 'unreachable', 'notFound', 'language', 'detail', 'relative', 'scheme', 'path', 'host', 'empty', 'syntax'] as const;

function HintRow({ hint }: { hint: AuditHint }) {
  const { t } = useTranslation();
  const status = hint.error?.match(/^status (\d{3})$/);
  const error = !hint.error
    ? null
    : status
      ? t('guidelines.audit.error.status', { code: status[1] })
      : (AUDIT_ERRORS as readonly string[]).includes(hint.error)
        ? t(`guidelines.audit.error.${hint.error}`)
        : hint.error;
  return (
    <li className="audit-hint" data-issue={hint.issue}>
      <p className="audit-hint__issue">
        <Icon name="alert" size={16} />
        <strong>{t(`guidelines.audit.issue.${hint.issue}`, { defaultValue: hint.issue })}</strong>
        {error && <span className="muted"> · {error}</span>}
      </p>
      {hint.url && <code className="audit-hint__url">{hint.url}</code>}
      {hint.fix && <p className="audit-hint__fix">{t(`guidelines.audit.fix.${hint.fix}`, { defaultValue: hint.fix })}</p>}
    </li>
  );
}

/** Link and reference check of the latest version; authors start it, a running check is polled. */
export function AuditTab({ info, language }: { info: GuidelineInfo; language: string }) {
  const { t, i18n } = useTranslation();
  const audit = useAudit(info.id, language);
  const run = useRunAudit(info.id, language);
  // section titles of the checked version
  const checked = useGuideline(info.id, audit.data?.status === 'issues' ? audit.data.version : null);
  const hasVersion = info.languages.some((l) => l.language === language);

  if (audit.isError) return <QueryErrorPage error={audit.error} />;
  if (audit.isPending) return <Loader />;
  const a = audit.data;
  const running = a.status === 'running';
  const sectionTitle = (index: number, detailId: number) =>
    checked.data?.details.find((d) => d.id === detailId)?.title || t('guidelines.audit.section', { number: index + 1 });

  return (
    <section className="card" aria-labelledby="audit-heading">
      <h2 id="audit-heading" className="card__title">
        {t('guidelines.tabs.audit')}
      </h2>
      <p className="card__text">{t('guidelines.audit.text')}</p>
      {info.abilities.edit && hasVersion && (
        <div className="form__actions">
          <button type="button" className="btn btn--primary" disabled={running || run.isPending} onClick={() => run.mutate()}>
            <Icon name="refresh" size={18} />
            {t('guidelines.audit.run')}
          </button>
        </div>
      )}
      {run.error && (
        <p className="form-error" role="alert">
          {apiErrorText(run.error, t)}
        </p>
      )}
      <div role="status" aria-live="polite">
        {a.status !== 'none' && (
          <p className="muted">
            {t('guidelines.audit.checked', { version: a.version })}
            {a.checkedAt && ` · ${formatDateTime(a.checkedAt, i18n.language)}`}
          </p>
        )}
        {a.status === 'none' && (
          <div className="empty-state">
            <Icon name="shield" size={28} />
            <p className="empty-state__title">{t('guidelines.audit.none')}</p>
          </div>
        )}
        {running && (
          <div className="empty-state">
            <Loader />
            <p className="empty-state__title">{t('guidelines.audit.running')}</p>
          </div>
        )}
        {a.status === 'ok' && (
          <div className="empty-state">
            <Icon name="checkCircle" size={28} />
            <p className="empty-state__title">{t('guidelines.audit.ok')}</p>
          </div>
        )}
        {a.status === 'failed' && (
          <p className="form-error" role="alert">
            {t('guidelines.audit.failed')}
          </p>
        )}
      </div>
      {a.status === 'issues' && (
        <div className="stack">
          <p className="form-error">{t('guidelines.audit.issues', { count: a.details.reduce((n, d) => n + d.hints.length, 0) })}</p>
          {a.details.map((d, i) =>
            d.hints.length === 0 ? null : (
              <section key={d.detailId} className="audit-detail" aria-label={sectionTitle(i, d.detailId)} data-detail-id={d.detailId}>
                <h3 className="audit-detail__title">{sectionTitle(i, d.detailId)}</h3>
                <ul className="audit-hints">
                  {d.hints.map((h, j) => (
                    <HintRow key={`${h.issue}-${h.url}-${j}`} hint={h} />
                  ))}
                </ul>
              </section>
            ),
          )}
        </div>
      )}
    </section>
  );
}
