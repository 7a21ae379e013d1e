import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { NotFoundPage } from '@/components/NotFoundPage';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { LanguageBadge } from '@/components/StateChips';
import { formatDateTime } from '@/lib/dates';
import { useAnswerFeedback } from '../api/answerFeedback';
import { useFeedback } from '../api/getFeedback';
import { useMarkFeedbackRead } from '../api/markFeedbackRead';
import { MessageBox } from '@/components/MessageBox';
import '../feedback.css';

function Thread({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const query = useFeedback(id);
  const answer = useAnswerFeedback(id);
  const { mutate: markRead } = useMarkFeedbackRead();
  const unread = query.data?.thread.unread ?? false;

  useEffect(() => {
    if (unread) markRead(id);
  }, [id, unread, markRead]);

  if (query.isError) return <QueryErrorPage error={query.error} />;
  if (query.isPending) return <Loader />;
  const { thread, messages } = query.data;
  const title = thread.title || t('notifications.untitled');
  return (
    <div className="page feedback-thread">
      <Link className="btn btn--ghost btn--small feedback-thread__back" to="/feedbacks">
        <Icon name="arrowLeft" size={16} />
        {t('nav.myFeedbacks')}
      </Link>
      <div className="page__header">
        <h1 className="page__title">{thread.subject || t('feedback.aboutTitle', { title })}</h1>
        <p className="page__subtitle feedback-thread__about">
          <Link to={`/guideline/${thread.guidelineId}/${thread.language}`}>{title}</Link> <LanguageBadge language={thread.language} /> ·{' '}
          {thread.sent ? t('feedback.toAuthors') : t('feedback.from', { name: thread.senderName || t('feedback.unknownPerson') })}
        </p>
      </div>
      <ol className="feedback-messages">
        {messages.map((m) => (
          <li key={m.id} className={`feedback-message${m.mine ? ' feedback-message--mine' : ''}`}>
            <p className="feedback-message__head">
              <span className="feedback-message__author">{m.mine ? t('feedback.you') : m.authorName || t('feedback.unknownPerson')}</span>
              <time className="feedback-message__time" dateTime={m.timestamp}>
                {formatDateTime(m.timestamp, i18n.language)}
              </time>
            </p>
            {/* plain text: React escapes it, pre-wrap keeps the writer's line breaks */}
            <p className="feedback-message__text">{m.text}</p>
          </li>
        ))}
      </ol>
      <MessageBox
        label={t('feedback.answerLabel')}
        sendLabel={t('feedback.answer')}
        pending={answer.isPending}
        serverError={answer.error}
        onSend={(text, done) => answer.mutate(text, { onSuccess: done })}
      />
    </div>
  );
}

/** One thread of My Feedbacks (/feedbacks/:id) with its messages and an answer box; opening it marks it read. */
export function FeedbackThreadPage() {
  const { id } = useParams();
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) return <NotFoundPage />;
  return <Thread key={n} id={n} />;
}
