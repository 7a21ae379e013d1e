import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { TextAreaField } from '@/components/TextField';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';
import { validateEmailList } from '@/lib/emailList';
import type { AddedMember } from '@/lib/types';
import { useAddSpaceMembers } from '../api/addSpaceMembers';

interface AddMembersDialogProps {
  spaceId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Adds members by a comma-separated e-mail list and shows what happened to each address. */
export function AddMembersDialog({ spaceId, open, onOpenChange }: AddMembersDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog dialog--framed" aria-describedby={undefined}>
          <div className="dialog__head">
            <Dialog.Title className="dialog__title">{t('members.add')}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t('common.close')}>
              <Icon name="close" />
            </Dialog.Close>
          </div>
          {open && <AddMembersForm spaceId={spaceId} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function AddMembersForm({ spaceId }: { spaceId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<AddedMember[] | null>(null);
  const add = useAddSpaceMembers(spaceId);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateEmailList(text);
    if (checked.error) {
      setError(checked.invalid.length > 0 ? `${t(checked.error)}: ${checked.invalid.join(', ')}` : t(checked.error));
      return;
    }
    setError(null);
    add.mutate(checked.emails, {
      onSuccess: (added) => {
        setResults(added);
        setText('');
      },
      onError: (err) => {
        const invalid = err instanceof ApiError && Array.isArray(err.params.invalid) ? err.params.invalid.map(String) : [];
        const message = apiErrorText(err, t) ?? '';
        setError(invalid.length > 0 ? `${message}: ${invalid.join(', ')}` : message);
      },
    });
  };

  if (results) {
    return (
      <div className="dialog__body">
        <p className="dialog__description">{t('members.addedSummary', { n: results.length })}</p>
        <ul className="result-rows" aria-label={t('members.results')}>
          {results.map((r) => (
            <li key={r.username} className="result-row" data-operation={r.operation}>
              <span className="result-row__name">{r.username}</span>
              <span className={r.operation === 'alreadyMember' ? 'chip chip--muted' : 'chip'}>{t(`members.operation.${r.operation}`)}</span>
            </li>
          ))}
        </ul>
        <div className="dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={() => setResults(null)}>
            {t('members.addMore')}
          </button>
          <Dialog.Close className="btn btn--primary">{t('common.done')}</Dialog.Close>
        </div>
      </div>
    );
  }

  return (
    <form className="dialog__body form" onSubmit={handleSubmit} noValidate>
      <TextAreaField
        label={t('members.emails')}
        name="emails"
        hint={t('members.emailsHint')}
        value={text}
        error={error}
        rows={4}
        spellCheck={false}
        autoCapitalize="none"
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
      />
      <div className="dialog__actions">
        <Dialog.Close className="btn btn--ghost">{t('common.cancel')}</Dialog.Close>
        <button type="submit" className="btn btn--primary" disabled={add.isPending}>
          {t('members.addSubmit')}
        </button>
      </div>
    </form>
  );
}
