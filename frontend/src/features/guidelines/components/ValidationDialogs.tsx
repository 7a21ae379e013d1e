import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeFields, TEXT_MAX } from '@/components/ChangeFields';
import { DialogCancel, FormDialog } from '@/components/FormDialog';
import { Loader } from '@/components/Loader';
import { TextAreaField } from '@/components/TextField';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';
import type { Content as ValidationContent } from '@/lib/api-types.gen';
import { showSnackbar } from '@/lib/snackbar';
import type { HotfixBlock } from '../actions';
import { useValidation } from '../api/getValidation';
import { useRenewValidation } from '../api/renewValidation';
import { useSubmitHotfix } from '../api/submitHotfix';
import { useSubmitToValidation } from '../api/submitToValidation';
import { useUpdateValidation } from '../api/updateValidation';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  guidelineId: number;
}

interface SubmitDialogProps extends DialogProps {
  /** the version to submit: the latest of the language */
  version: number;
  mode: 'submit' | 'update';
  openRevision?: number | null;
}

/** Submit to validation, or add the latest changes to the open request (spec §4). */
export function SubmitDialog({ open, onOpenChange, guidelineId, version, mode, openRevision }: SubmitDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={mode === 'update' ? t('guidelines.submit.updateTitle') : t('guidelines.submit.title')}
      description={mode === 'update' ? t('guidelines.submit.updateText', { version }) : t('guidelines.submit.text', { version })}
    >
      {mode === 'update' && openRevision ? (
        <UpdateRequestForm guidelineId={guidelineId} version={version} revision={openRevision} onDone={() => onOpenChange(false)} />
      ) : (
        <SubmitForm guidelineId={guidelineId} version={version} onDone={() => onOpenChange(false)} />
      )}
    </FormDialog>
  );
}

function ChangeForm({ initial, pending, error, submitLabel, onSubmit }: { initial: ValidationContent; pending: boolean; error: unknown; submitLabel: string; onSubmit: (c: ValidationContent) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [titleError, setTitleError] = useState<string | null>(null);
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.title.trim()) {
      setTitleError(t('validation.required'));
      return;
    }
    onSubmit({ title: value.title.trim(), description: value.description.trim(), important: value.important });
  };
  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <ChangeFields
        value={value}
        titleError={titleError}
        onChange={(v) => {
          setValue(v);
          setTitleError(null);
        }}
      />
      {error ? (
        <p className="form-error" role="alert">
          {apiErrorText(error, t)}
        </p>
      ) : null}
      <div className="dialog__actions dialog__actions--sticky">
        <DialogCancel />
        <button type="submit" className="btn btn--primary" disabled={pending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

function SubmitForm({ guidelineId, version, onDone }: { guidelineId: number; version: number; onDone: () => void }) {
  const { t } = useTranslation();
  const submit = useSubmitToValidation(guidelineId);
  return (
    <ChangeForm
      initial={{ title: '', description: '', important: false }}
      pending={submit.isPending}
      error={submit.error}
      submitLabel={t('guidelines.submit.submit')}
      onSubmit={(validation) =>
        submit.mutate(
          { guidelineId, guidelineVersion: version, validation },
          {
            onSuccess: () => {
              showSnackbar(t('guidelines.submit.done'));
              onDone();
            },
          },
        )
      }
    />
  );
}

function UpdateRequestForm({ guidelineId, version, revision, onDone }: { guidelineId: number; version: number; revision: number; onDone: () => void }) {
  const { t } = useTranslation();
  const request = useValidation(guidelineId, revision);
  const update = useUpdateValidation(guidelineId);
  if (request.isPending) return <Loader />;
  const initial = request.data ? { title: request.data.title, description: request.data.description, important: request.data.important } : { title: '', description: '', important: false };
  return (
    <ChangeForm
      initial={initial}
      pending={update.isPending}
      error={update.error}
      submitLabel={t('guidelines.submit.updateSubmit')}
      onSubmit={(data) =>
        update.mutate(
          { guidelineId, version, revision, data },
          {
            onSuccess: () => {
              showSnackbar(t('guidelines.submit.updated'));
              onDone();
            },
          },
        )
      }
    />
  );
}

/** Why a hotfix is refused: a blocked reason from SubmitData or from the server's 409 validation.hotfixBlocked. */
function hotfixErrorText(error: unknown, t: ReturnType<typeof useTranslation>['t']): string | null {
  if (error instanceof ApiError && error.message === 'validation.hotfixBlocked' && typeof error.params.reason === 'string') {
    return t(`guidelines.hotfix.blocked.${error.params.reason}`, { defaultValue: t('validation.hotfixBlocked') });
  }
  return apiErrorText(error, t);
}

interface HotfixDialogProps extends DialogProps {
  version: number;
  blockedBy: HotfixBlock | null;
  /** closes this dialog and opens the submit dialog */
  onSubmitInstead: () => void;
}

/** Hotfix: the latest version replaces the published one without validation, for small text fixes. */
export function HotfixDialog({ open, onOpenChange, guidelineId, version, blockedBy, onSubmitInstead }: HotfixDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={t('guidelines.hotfix.title')} description={blockedBy ? undefined : t('guidelines.hotfix.text', { version })}>
      {blockedBy ? (
        <div className="form">
          <p className="notice notice--warning" role="status">
            {t(`guidelines.hotfix.blocked.${blockedBy}`)}
          </p>
          <p>{blockedBy === 'submitted' ? t('guidelines.hotfix.offerUpdate') : t('guidelines.hotfix.offerSubmit')}</p>
          <div className="dialog__actions dialog__actions--sticky">
            <DialogCancel />
            <button type="button" className="btn btn--primary" onClick={onSubmitInstead}>
              {blockedBy === 'submitted' ? t('guidelines.submit.updateTitle') : t('guidelines.submit.title')}
            </button>
          </div>
        </div>
      ) : (
        <HotfixForm guidelineId={guidelineId} version={version} onDone={() => onOpenChange(false)} />
      )}
    </FormDialog>
  );
}

function HotfixForm({ guidelineId, version, onDone }: { guidelineId: number; version: number; onDone: () => void }) {
  const { t } = useTranslation();
  const hotfix = useSubmitHotfix(guidelineId);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!comment.trim()) {
      setError(t('validation.required'));
      return;
    }
    hotfix.mutate(
      { guidelineId, guidelineVersion: version, comment: comment.trim() },
      {
        onSuccess: () => {
          showSnackbar(t('guidelines.hotfix.done'));
          onDone();
        },
      },
    );
  };
  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <TextAreaField
        label={t('guidelines.hotfix.comment')}
        name="comment"
        value={comment}
        maxLength={TEXT_MAX}
        error={error}
        hint={t('guidelines.hotfix.commentHint')}
        onChange={(e) => {
          setComment(e.target.value);
          setError(null);
        }}
      />
      {hotfix.error && (
        <p className="form-error" role="alert">
          {hotfixErrorText(hotfix.error, t)}
        </p>
      )}
      <div className="dialog__actions dialog__actions--sticky">
        <DialogCancel />
        <button type="submit" className="btn btn--primary" disabled={hotfix.isPending}>
          {t('guidelines.hotfix.submit')}
        </button>
      </div>
    </form>
  );
}

interface RenewDialogProps extends DialogProps {
  /** the published version, confirmed unchanged */
  version: number;
}

/** Renew validation: the validators confirm the published version unchanged for another period. */
export function RenewDialog({ open, onOpenChange, guidelineId, version }: RenewDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={t('guidelines.renew.title')} description={t('guidelines.renew.text', { version })}>
      <RenewForm guidelineId={guidelineId} version={version} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function RenewForm({ guidelineId, version, onDone }: { guidelineId: number; version: number; onDone: () => void }) {
  const { t } = useTranslation();
  const renew = useRenewValidation(guidelineId);
  const [comment, setComment] = useState('');
  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        renew.mutate(
          { guidelineId, guidelineVersion: version, comment: comment.trim() },
          {
            onSuccess: () => {
              showSnackbar(t('guidelines.renew.done'));
              onDone();
            },
          },
        );
      }}
    >
      <TextAreaField label={t('guidelines.renew.comment')} name="comment" value={comment} maxLength={TEXT_MAX} onChange={(e) => setComment(e.target.value)} />
      {renew.error && (
        <p className="form-error" role="alert">
          {apiErrorText(renew.error, t)}
        </p>
      )}
      <div className="dialog__actions dialog__actions--sticky">
        <DialogCancel />
        <button type="submit" className="btn btn--primary" disabled={renew.isPending}>
          {t('guidelines.renew.submit')}
        </button>
      </div>
    </form>
  );
}
