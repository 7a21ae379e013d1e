import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { TextField } from '@/components/TextField';
import { apiErrorText } from '@/lib/apiErrors';
import { EMAIL } from '../users';

interface EmailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  initial?: string;
  pending: boolean;
  /** resolves on success; rejects with the server error */
  onSubmit: (email: string) => Promise<unknown>;
}

/** Dialog with one e-mail field (add a login, change the e-mail); server errors appear at the field. */
export function EmailDialog({ open, onOpenChange, ...form }: EmailDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog dialog--small dialog--framed">
          <div className="dialog__head">
            <Dialog.Title className="dialog__title">{form.title}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t('common.close')}>
              <Icon name="close" />
            </Dialog.Close>
          </div>
          <div className="dialog__body">
            <Dialog.Description className="dialog__description email-dialog__description">{form.description}</Dialog.Description>
            {open && <EmailForm {...form} onDone={() => onOpenChange(false)} />}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function EmailForm({ submitLabel, initial = '', pending, onSubmit, onDone }: Omit<EmailDialogProps, 'open' | 'onOpenChange' | 'title' | 'description'> & { onDone: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value) return setError(t('validation.required'));
    if (!EMAIL.test(value)) return setError(t('validation.email'));
    setError(null);
    onSubmit(value).then(onDone, (err: unknown) => {
      // 400 validation.email and 409 user.emailTaken {email} belong to the field
      setError(apiErrorText(err, t));
    });
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        value={email}
        error={error}
        onChange={(e) => {
          setEmail(e.target.value);
          setError(null);
        }}
        autoFocus
      />
      <div className="dialog__actions">
        <Dialog.Close type="button" className="btn btn--ghost">
          {t('common.cancel')}
        </Dialog.Close>
        <button type="submit" className="btn btn--primary" disabled={pending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
