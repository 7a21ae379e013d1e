import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { formatDateTime } from '@/lib/dates';
import { useTimeline } from '../api/getTimeline';

export const TIMELINE_KINDS = ['version', 'submit', 'renew', 'hotfix', 'accepted', 'rejected', 'withdrawn'] as const;

const ICONS: Record<string, IconName> = {
  version: 'edit',
  submit: 'send',
  renew: 'refresh',
  hotfix: 'zap',
  accepted: 'checkCircle',
  rejected: 'xCircle',
  withdrawn: 'archive',
};

/** History of the language: saved versions, requests and answers, newest first. */
export function TimelineTab({ guidelineId, language }: { guidelineId: number; language: string }) {
  const { t, i18n } = useTranslation();
  const events = useTimeline(guidelineId, language);
  if (events.isError) return <QueryErrorPage error={events.error} />;
  return (
    <section className="card" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="card__title card__title--gap">
        {t('guidelines.tabs.timeline')}
      </h2>
      {events.isPending ? (
        <Loader />
      ) : events.data.length === 0 ? (
        <div className="empty-state">
          <Icon name="clock" size={28} />
          <p className="empty-state__title">{t('common.noItems')}</p>
        </div>
      ) : (
        <ol className="timeline" aria-labelledby="timeline-heading">
          {events.data.map((e, i) => (
            <li key={`${e.time}-${e.kind}-${i}`} className={`timeline__item timeline__item--${e.kind}`} data-kind={e.kind}>
              <span className="timeline__icon" aria-hidden="true">
                <Icon name={ICONS[e.kind] ?? 'info'} size={18} />
              </span>
              <div className="timeline__body">
                <p className="timeline__what">{t(`timeline.kind.${e.kind}`, { version: e.version, defaultValue: e.kind })}</p>
                <p className="timeline__meta">
                  <time dateTime={e.time}>{formatDateTime(e.time, i18n.language)}</time>
                  {e.user && ` · ${e.user}`}
                </p>
                {e.comment && <blockquote className="timeline__comment">{e.comment}</blockquote>}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
