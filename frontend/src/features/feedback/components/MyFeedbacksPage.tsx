import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { LanguageBadge } from '@/components/StateChips';
import type { Thread as FeedbackThread } from '@/lib/api-types.gen';
import { formatRelative } from '@/lib/dates';
import { useMyFeedbacks } from '@/lib/endpoints/getMyFeedbacks';
import '../feedback.css';

function ThreadRow({ thread }: { thread: FeedbackThread }) {
  const { t, i18n } = useTranslation();
  const who = thread.sent ? t('feedback.toAuthors') : t('feedback.from', { name: thread.senderName || t('feedback.unknownPerson') });
  return (
    <li className={`feedback-row${thread.unread ? ' feedback-row--unread' : ''}`} data-feedback-id={thread.id}>
      <Link className="feedback-row__link" to={`/feedbacks/${thread.id}`}>
        <span className="feedback-row__head">
          {thread.unread && <span className="feedback-row__dot" aria-hidden="true" />}
          <span className="feedback-row__title">{thread.title || t('notifications.untitled')}</span>
          <LanguageBadge language={thread.language} />
          {thread.unread && <span className="visually-hidden">{t('feedback.unread')}</span>}
        </span>
        <span className="feedback-row__meta">
          {thread.subject && <span className="feedback-row__subject">{thread.subject} · </span>}
          {who} · {t('feedback.messages', { n: thread.count })}
        </span>
        <span className="feedback-row__last">
          <span className="feedback-row__author">{thread.lastAuthorName || t('feedback.unknownPerson')}:</span> {thread.lastText}
        </span>
      </Link>
      <time className="feedback-row__time" dateTime={thread.lastAt}>
        {formatRelative(thread.lastAt, i18n.language)}
      </time>
    </li>
  );
}

/** My Feedbacks (/feedbacks): the threads the caller sent to authors or that reached them as author or administrator. */
export function MyFeedbacksPage() {
  const { t } = useTranslation();
  const threads = useMyFeedbacks();
  if (threads.isError) return <QueryErrorPage error={threads.error} />;
  const list = threads.data ?? [];
  return (
    <div className="page">
      <div className="page__header">
        <h1 className="page__title">{t('nav.myFeedbacks')}</h1>
        <p className="page__subtitle">{t('feedback.subtitle')}</p>
      </div>
      {threads.isPending ? (
        <Loader />
      ) : list.length === 0 ? (
        <div className="empty-state">
          <Icon name="message" size={28} />
          <p className="empty-state__title">{t('feedback.none')}</p>
          <p className="muted">{t('feedback.noneHint')}</p>
        </div>
      ) : (
        <ul className="feedback-list">
          {list.map((thread) => (
            <ThreadRow key={thread.id} thread={thread} />
          ))}
        </ul>
      )}
    </div>
  );
}
