import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeFields, TEXT_MAX } from '@/components/ChangeFields';
import { DialogCancel, FormDialog } from '@/components/FormDialog';
import { TextAreaField } from '@/components/TextField';
import type { RequestData, Content as ValidationContent } from '@/lib/api-types.gen';
import { showSnackbar } from '@/lib/snackbar';
import { useAcceptValidation } from '../api/acceptValidation';
import { useRejectValidation } from '../api/rejectValidation';
import { validationErrorText } from '../errors';

interface AnswerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  request: RequestData;
}

/** Whether the caller's approval is the last the collection requires, so that it publishes. */
export const publishesOnApproval = (request: Pick<RequestData, 'approvals' | 'requiredApprovals'>) => request.approvals.length + 1 >= request.requiredApprovals;

/** Accept: an optional comment for the authors and the change summary as readers will see it (editable). */
export function AcceptDialog({ open, onOpenChange, request }: AnswerDialogProps) {
  const { t } = useTranslation();
  const last = publishesOnApproval(request);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={last ? t('validations.accept.title') : t('validations.accept.partialTitle')}
      description={
        last
          ? t('validations.accept.text', { version: request.guidelineVersion })
          : t('validations.accept.partialText', { version: request.guidelineVersion, required: request.requiredApprovals })
      }
    >
      <AcceptForm request={request} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function AcceptForm({ request, onDone }: { request: RequestData; onDone: () => void }) {
  const { t } = useTranslation();
  const accept = useAcceptValidation();
  const [comment, setComment] = useState('');
  const [content, setContent] = useState<ValidationContent>({ title: request.title, description: request.description, important: request.important });
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    accept.mutate(
      { revision: request.revision, comment: comment.trim(), validationContent: { ...content, title: content.title.trim(), description: content.description.trim() } },
      {
        onSuccess: (v) => {
          showSnackbar(v.progress === 'accepted' ? t('validations.accept.done') : t('validations.accept.partialDone'));
          onDone();
        },
      },
    );
  };
  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <TextAreaField label={t('validations.comment')} name="comment" value={comment} maxLength={TEXT_MAX} hint={t('validations.accept.commentHint')} onChange={(e) => setComment(e.target.value)} />
      {request.kind !== 'renew' && (
        <fieldset className="fieldset">
          <legend className="fieldset__legend">{t('validations.accept.summary')}</legend>
          <ChangeFields value={content} onChange={setContent} />
        </fieldset>
      )}
      {accept.error && (
        <p className="form-error" role="alert">
          {validationErrorText(accept.error, t)}
        </p>
      )}
      <div className="dialog__actions dialog__actions--sticky">
        <DialogCancel />
        <button type="submit" className="btn btn--primary" disabled={accept.isPending}>
          {publishesOnApproval(request) ? t('validations.accept.submit') : t('validations.accept.partialSubmit')}
        </button>
      </div>
    </form>
  );
}

/** Reject: the reason is required and goes to the authors. */
export function RejectDialog({ open, onOpenChange, request }: AnswerDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={t('validations.reject.title')} description={t('validations.reject.text')}>
      <RejectForm request={request} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function RejectForm({ request, onDone }: { request: RequestData; onDone: () => void }) {
  const { t } = useTranslation();
  const reject = useRejectValidation();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!comment.trim()) {
      setError(t('validation.required'));
      return;
    }
    reject.mutate(
      { revision: request.revision, comment: comment.trim() },
      {
        onSuccess: () => {
          showSnackbar(t('validations.reject.done'));
          onDone();
        },
      },
    );
  };
  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <TextAreaField
        label={t('validations.reject.reason')}
        name="comment"
        value={comment}
        maxLength={TEXT_MAX}
        rows={4}
        required
        error={error}
        onChange={(e) => {
          setComment(e.target.value);
          setError(null);
        }}
      />
      {reject.error && (
        <p className="form-error" role="alert">
          {validationErrorText(reject.error, t)}
        </p>
      )}
      <div className="dialog__actions dialog__actions--sticky">
        <DialogCancel />
        <button type="submit" className="btn btn--danger" disabled={reject.isPending}>
          {t('validations.reject.submit')}
        </button>
      </div>
    </form>
  );
}
