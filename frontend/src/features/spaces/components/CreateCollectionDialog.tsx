import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '@/components/Icon';
import { TextField } from '@/components/TextField';
import { VisibilityField } from '@/components/VisibilityField';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';
import { showSnackbar } from '@/lib/snackbar';
import type { Visibility } from '@/lib/types';
import { useCreateCollection } from '../api/createCollection';

export const TITLE_MAX = 200;

interface CreateCollectionDialogProps {
  spaceId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CreateCollectionDialog({ spaceId, open, onOpenChange }: CreateCollectionDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog dialog--framed" aria-describedby={undefined}>
          <div className="dialog__head">
            <Dialog.Title className="dialog__title">{t('collections.create')}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t('common.close')}>
              <Icon name="close" />
            </Dialog.Close>
          </div>
          {open && <CreateCollectionForm spaceId={spaceId} onDone={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CreateCollectionForm({ spaceId, onDone }: { spaceId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [visibility, setVisibility] = useState<Visibility | ''>('');
  const [errors, setErrors] = useState<{ title?: string; visibility?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateCollection(spaceId);
  const navigate = useNavigate();

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found: { title?: string; visibility?: string } = {};
    if (!title.trim()) found.title = t('validation.required');
    if (!visibility) found.visibility = t('validation.required');
    setErrors(found);
    if (found.title || found.visibility || !visibility) return;
    create.mutate(
      { title: title.trim(), visibility, admins: [] },
      {
        // the new collection opens: members and guidelines come next
        onSuccess: (c) => {
          showSnackbar(t('collections.created', { title: c.title }));
          onDone();
          void navigate(`/collections/${c.id}`);
        },
        onError: (err) => {
          const field = err instanceof ApiError && typeof err.params.field === 'string' ? err.params.field.split('.').pop() : undefined;
          const message = apiErrorText(err, t);
          if (field === 'title' || field === 'visibility') setErrors({ [field]: message ?? '' });
          else setFormError(message);
        },
      },
    );
  };

  return (
    <form className="dialog__body form" onSubmit={handleSubmit} noValidate>
      <TextField
        label={t('collections.fields.title')}
        name="title"
        value={title}
        maxLength={TITLE_MAX}
        error={errors.title}
        onChange={(e) => {
          setTitle(e.target.value);
          setErrors((x) => ({ ...x, title: undefined }));
        }}
      />
      <VisibilityField
        value={visibility}
        error={errors.visibility}
        onChange={(v) => {
          setVisibility(v);
          setErrors((x) => ({ ...x, visibility: undefined }));
        }}
      />
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="dialog__actions">
        <Dialog.Close className="btn btn--ghost">{t('common.cancel')}</Dialog.Close>
        <button type="submit" className="btn btn--primary" disabled={create.isPending}>
          {t('collections.createSubmit')}
        </button>
      </div>
    </form>
  );
}
