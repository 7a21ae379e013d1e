import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { loginUrl } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';
import type { Comment } from '@/lib/api-types.gen';
import { formatDateTime } from '@/lib/dates';
import { showSnackbar } from '@/lib/snackbar';
import { useAnswerReaderComment } from '../api/answerReaderComment';
import { useCommentGuideline } from '../api/commentGuideline';
import { useDeleteReaderComment } from '../api/deleteReaderComment';
import { useReaderComments } from '../api/getReaderComments';

/** Longest comment the server takes, in characters. */
export const MAX_COMMENT_LENGTH = 4000;

/** Checks a comment or an answer; returns an error key or null. */
export function commentError(body: string): string | null {
  const text = body.trim();
  if (!text) return 'validation.required';
  return [...text].length > MAX_COMMENT_LENGTH ? 'validation.tooLong' : null;
}

/** A text box with a send button for a comment or an answer. */
function CommentForm({
  label,
  pending,
  serverError,
  onSend,
  onCancel,
}: {
  label: string;
  pending: boolean;
  serverError: unknown;
  onSend: (body: string, done: () => void) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const key = commentError(body);
    if (key) {
      setError(t(key, { max: MAX_COMMENT_LENGTH }));
      return;
    }
    onSend(body.trim(), () => setBody(''));
  };

  return (
    <form className="form comment-form" onSubmit={handleSubmit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <textarea
          id={id}
          className="input textarea"
          rows={3}
          value={body}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setBody(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && onCancel) onCancel();
          }}
        />
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      {serverError != null && (
        <p className="form-error" role="alert">
          {apiErrorText(serverError, t)}
        </p>
      )}
      <div className="form__actions form__actions--start">
        <button type="submit" className="btn btn--primary btn--small" disabled={pending}>
          <Icon name="send" size={16} />
          {t('reader.comments.send')}
        </button>
        {onCancel && (
          <button type="button" className="btn btn--ghost btn--small" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

function CommentItem({ comment, onDelete }: { comment: Comment; onDelete: (c: Comment) => void }) {
  const { t, i18n } = useTranslation();
  const name = comment.authorName || t('reader.comments.unknownAuthor');
  const isAnswer = comment.parentId != null;
  return (
    <article className={isAnswer ? 'comment comment--answer' : 'comment'} data-comment-id={comment.id}>
      <div className="comment__main">
        <p className="comment__head">
          <span className="comment__author">{name}</span>
          <time className="comment__time" dateTime={comment.timestamp}>
            {formatDateTime(comment.timestamp, i18n.language)}
          </time>
        </p>
        {/* plain text: React escapes it, pre-wrap keeps the writer's line breaks */}
        <p className="comment__body">{comment.body}</p>
      </div>
      {comment.mayDelete && (
        <button
          type="button"
          className="icon-btn icon-btn--danger comment__delete"
          aria-label={t(isAnswer ? 'reader.comments.deleteAnswer' : 'reader.comments.deleteComment')}
          onClick={() => onDelete(comment)}
        >
          <Icon name="trash" size={18} />
        </button>
      )}
    </article>
  );
}

function Thread({ comment, id, language, onDelete }: { comment: Comment; id: number; language: string; onDelete: (c: Comment) => void }) {
  const { t } = useTranslation();
  const answer = useAnswerReaderComment(id, language);
  const [answering, setAnswering] = useState(false);
  return (
    <li className="comment-thread">
      <CommentItem comment={comment} onDelete={onDelete} />
      {comment.answers.length > 0 && (
        <ul className="comment-answers">
          {comment.answers.map((a) => (
            <li key={a.id}>
              <CommentItem comment={a} onDelete={onDelete} />
            </li>
          ))}
        </ul>
      )}
      {answering ? (
        <CommentForm
          label={t('reader.comments.answerLabel')}
          pending={answer.isPending}
          serverError={answer.error}
          onCancel={() => setAnswering(false)}
          onSend={(body, done) =>
            answer.mutate(
              { comment: comment.id, body },
              {
                onSuccess: () => {
                  done();
                  setAnswering(false);
                },
              },
            )
          }
        />
      ) : (
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setAnswering(true)}>
          <Icon name="reply" size={16} />
          {t('reader.comments.answer')}
        </button>
      )}
    </li>
  );
}

/**
 * Comments on the guideline language: a signed-in reader writes to its authors and sees their
 * own threads; authors and collection administrators see all. Anonymous readers are asked to sign in.
 */
export function ReaderComments({ id, language, signedIn, mayComment }: { id: number; language: string; signedIn: boolean; mayComment: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const comments = useReaderComments(id, language, signedIn && mayComment);
  const write = useCommentGuideline(id, language);
  const remove = useDeleteReaderComment(id, language);
  const [deleting, setDeleting] = useState<Comment | null>(null);

  if (!signedIn) {
    return (
      <div className="reader-comments">
        <p className="card__text">{t('reader.comments.signInToMessage')}</p>
        <a className="btn btn--primary" href={loginUrl(location.pathname + location.search)}>
          <Icon name="login" size={18} />
          {t('reader.action.signIn.button')}
        </a>
      </div>
    );
  }
  if (!mayComment) return <p className="muted reader-comments">{t('reader.comments.sharedElsewhere')}</p>;

  return (
    <div className="reader-comments">
      <CommentForm
        label={t('reader.comments.writeLabel')}
        pending={write.isPending}
        serverError={write.error}
        onSend={(body, done) =>
          write.mutate(
            { guideline: id, language, body },
            {
              onSuccess: () => {
                done();
                showSnackbar(t('reader.comments.sent'));
              },
            },
          )
        }
      />
      <p className="muted">{t('reader.comments.visibility')}</p>
      {comments.isPending ? (
        <Loader />
      ) : comments.isError ? (
        <p className="form-error" role="alert">
          {apiErrorText(comments.error, t)}
        </p>
      ) : comments.data.length === 0 ? (
        <p className="muted">{t('reader.comments.none')}</p>
      ) : (
        <ul className="comment-threads">
          {comments.data.map((c) => (
            <Thread key={c.id} comment={c} id={id} language={language} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={t(deleting?.parentId != null ? 'reader.comments.deleteAnswer' : 'reader.comments.deleteComment')}
        description={t('reader.comments.deleteConfirm')}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        error={remove.error ? apiErrorText(remove.error, t) : null}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
      />
    </div>
  );
}
