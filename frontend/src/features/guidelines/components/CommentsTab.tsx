import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { apiErrorText } from '@/lib/apiErrors';
import type { Comment } from '@/lib/api-types.gen';
import { formatDateTime } from '@/lib/dates';
import { showSnackbar } from '@/lib/snackbar';
import { useAnswerComment } from '../api/answerComment';
import { useDeleteComment } from '../api/deleteComment';
import { useComments } from '../api/getComments';

/** Longest comment or answer the server takes, in characters. */
export const MAX_COMMENT = 4000;

/** Checks an answer: required and at most MAX_COMMENT characters; returns an error key or null. */
export function answerError(body: string): string | null {
  const text = body.trim();
  if (!text) return 'validation.required';
  return [...text].length > MAX_COMMENT ? 'validation.tooLong' : null;
}

function CommentView({ comment, onDelete }: { comment: Comment; onDelete: (c: Comment) => void }) {
  const { t, i18n } = useTranslation();
  const name = comment.authorName || t('guidelines.comments.unknownAuthor');
  const isAnswer = comment.parentId !== null && comment.parentId !== undefined;
  return (
    <article className={isAnswer ? 'comment comment--answer' : 'comment'} data-comment-id={comment.id}>
      <span className="comment__avatar" aria-hidden="true">
        <Icon name="user" size={isAnswer ? 16 : 18} />
      </span>
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
          aria-label={t(isAnswer ? 'guidelines.comments.deleteAnswerFor' : 'guidelines.comments.deleteCommentFor', { name })}
          onClick={() => onDelete(comment)}
        >
          <Icon name="trash" size={18} />
        </button>
      )}
    </article>
  );
}

function AnswerForm({ comment, guidelineId, language }: { comment: Comment; guidelineId: number; language: string }) {
  const { t } = useTranslation();
  const id = useId();
  const answer = useAnswerComment(guidelineId, language);
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = comment.authorName || t('guidelines.comments.unknownAuthor');

  const close = () => {
    setOpen(false);
    setBody('');
    setError(null);
    answer.reset();
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const key = answerError(body);
    if (key) {
      setError(t(key, { max: MAX_COMMENT }));
      return;
    }
    answer.mutate(
      { comment: comment.id, body: body.trim() },
      {
        onSuccess: () => {
          close();
          showSnackbar(t('guidelines.comments.answered'));
        },
      },
    );
  };

  if (!open) {
    return (
      <button type="button" className="btn btn--ghost btn--small" onClick={() => setOpen(true)}>
        <Icon name="reply" size={16} />
        {t('guidelines.comments.answer')}
      </button>
    );
  }
  return (
    <form className="form comment-form" onSubmit={handleSubmit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {t('guidelines.comments.answerTo', { name })}
        </label>
        <textarea
          id={id}
          name="body"
          className="input textarea"
          rows={3}
          autoFocus
          value={body}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setBody(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
        />
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      {answer.error && (
        <p className="form-error" role="alert">
          {apiErrorText(answer.error, t)}
        </p>
      )}
      <div className="form__actions form__actions--start">
        <button type="submit" className="btn btn--primary btn--small" disabled={answer.isPending}>
          <Icon name="send" size={16} />
          {t('guidelines.comments.send')}
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={close}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * Readers' comments on the language in view, newest first, with their answers. Authors and
 * collection administrators answer every thread here; root comments are written in the reader.
 */
export function CommentsTab({ guidelineId, language }: { guidelineId: number; language: string }) {
  const { t } = useTranslation();
  const comments = useComments(guidelineId, language);
  const remove = useDeleteComment(guidelineId, language);
  const [deleting, setDeleting] = useState<Comment | null>(null);

  if (comments.isError) return <QueryErrorPage error={comments.error} />;
  const isAnswer = deleting?.parentId !== null && deleting?.parentId !== undefined;
  const deletingName = deleting ? deleting.authorName || t('guidelines.comments.unknownAuthor') : '';
  const handleDelete = (c: Comment) => {
    remove.reset();
    setDeleting(c);
  };

  return (
    <section className="card" aria-labelledby="comments-heading">
      <h2 id="comments-heading" className="card__title">
        {t('guidelines.tabs.comments')}
        {comments.data && <span className="card__count">{comments.data.length}</span>}
      </h2>
      <p className="card__text">{t('guidelines.comments.text')}</p>
      {comments.isPending ? (
        <Loader />
      ) : comments.data.length === 0 ? (
        <div className="empty-state">
          <Icon name="message" size={28} />
          <p className="empty-state__title">{t('common.noItems')}</p>
        </div>
      ) : (
        <ol className="comment-threads" aria-label={t('guidelines.tabs.comments')}>
          {comments.data.map((c) => (
            <li key={c.id} className="comment-thread" data-thread-id={c.id}>
              <CommentView comment={c} onDelete={handleDelete} />
              {c.answers.length > 0 && (
                <ol className="comment-answers" aria-label={t('guidelines.comments.answersTo', { name: c.authorName || t('guidelines.comments.unknownAuthor') })}>
                  {c.answers.map((a) => (
                    <li key={a.id}>
                      <CommentView comment={a} onDelete={handleDelete} />
                    </li>
                  ))}
                </ol>
              )}
              <div className="comment-thread__reply">
                <AnswerForm comment={c} guidelineId={guidelineId} language={language} />
              </div>
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => {
          if (!o) setDeleting(null);
        }}
        title={t(isAnswer ? 'guidelines.comments.deleteAnswerTitle' : 'guidelines.comments.deleteCommentTitle')}
        description={
          isAnswer
            ? t('guidelines.comments.deleteAnswerText', { name: deletingName })
            : deleting && deleting.answers.length > 0
              ? t('guidelines.comments.deleteThreadText', { name: deletingName })
              : t('guidelines.comments.deleteCommentText', { name: deletingName })
        }
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        error={apiErrorText(remove.error, t)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showSnackbar(t(isAnswer ? 'guidelines.comments.answerDeleted' : 'guidelines.comments.deleted'));
              setDeleting(null);
            },
          });
        }}
      />
    </section>
  );
}
