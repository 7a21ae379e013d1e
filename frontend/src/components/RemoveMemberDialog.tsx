import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '@/lib/apiErrors';
import { showSnackbar } from '@/lib/snackbar';
import { displayName, type Profile } from '@/lib/types';
import { ConfirmDialog } from './ConfirmDialog';

type Person = Pick<Profile, 'firstname' | 'lastname' | 'username'> & { id: number };

interface RemoveMemberDialogProps {
  /** Whose removal waits for confirmation; null keeps the dialog closed. */
  member: Person | null;
  onClose: () => void;
  /** The mutation that removes a person by id. */
  remove: {
    mutate: (id: number, options: { onSuccess: () => void }) => void;
    isPending: boolean;
    error: unknown;
  };
  /** Title, question and the snackbar after the removal, each given the person's name. */
  texts: (t: TFunction, name: string) => { title: string; question: string; removed: string };
}

/** Confirms taking a role or membership from a person, then says it is done. */
export function RemoveMemberDialog({ member, onClose, remove, texts }: RemoveMemberDialogProps) {
  const { t } = useTranslation();
  const name = member ? displayName(member) : '';
  const text = texts(t, name);
  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={text.title}
      description={text.question}
      confirmLabel={t('members.remove')}
      pending={remove.isPending}
      error={apiErrorText(remove.error, t)}
      onConfirm={() => {
        if (!member) return;
        remove.mutate(member.id, {
          onSuccess: () => {
            showSnackbar(text.removed);
            onClose();
          },
        });
      }}
    />
  );
}
