import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';
import { apiErrorText } from '../lib/apiErrors';
import { validateEmailList } from '../lib/emailList';
import { Icon } from './Icon';
import { TextAreaField } from './TextField';

interface InviteByEmailDialogProps {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  error: unknown;
  /** called with the checked addresses; the dialog closes when the returned promise resolves */
  onSubmit: (emails: string[]) => Promise<unknown>;
}

/** Names people by a comma-separated list of addresses; those without an account are invited by mail. */
export function InviteByEmailDialog({ title, open, onOpenChange, pending, error, onSubmit }: InviteByEmailDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [local, setLocal] = useState<string | null>(null);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateEmailList(text);
    if (checked.error) {
      setLocal(checked.invalid.length > 0 ? `${t(checked.error)}: ${checked.invalid.join(', ')}` : t(checked.error));
      return;
    }
    setLocal(null);
    onSubmit(checked.emails).then(
      () => {
        setText('');
        onOpenChange(false);
      },
      () => undefined,
    );
  };

  const outside = error instanceof ApiError && Array.isArray(error.params.emails) ? error.params.emails.map(String) : [];
  const serverText = error ? `${apiErrorText(error, t) ?? ''}${outside.length > 0 ? `: ${outside.join(', ')}` : ''}` : null;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog dialog--framed" aria-describedby={undefined}>
          <div className="dialog__head">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t('common.close')}>
              <Icon name="close" />
            </Dialog.Close>
          </div>
          <form className="dialog__body form" onSubmit={handleSubmit} noValidate>
            <TextAreaField
              label={t('members.emails')}
              name="emails"
              hint={t('members.inviteHint')}
              value={text}
              error={local ?? serverText}
              rows={4}
              spellCheck={false}
              autoCapitalize="none"
              onChange={(e) => {
                setText(e.target.value);
                setLocal(null);
              }}
            />
            <div className="dialog__actions">
              <Dialog.Close className="btn btn--ghost">{t('common.cancel')}</Dialog.Close>
              <button type="submit" className="btn btn--primary" disabled={pending || !text.trim()}>
                {t('members.inviteSubmit')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
