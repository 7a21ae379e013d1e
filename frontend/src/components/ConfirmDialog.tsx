import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  error?: string | null;
  /** where focus goes on closing, when the element that opened the dialog may be gone by then */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Destructive confirmation (delete account, delete space …). */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, pending, error, onCloseAutoFocus }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="overlay" />
        <AlertDialog.Content className="dialog dialog--small" onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">{description}</AlertDialog.Description>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="dialog__actions">
            <AlertDialog.Cancel className="btn btn--ghost">{t('common.cancel')}</AlertDialog.Cancel>
            <button
              type="button"
              className="btn btn--danger"
              disabled={pending}
              onClick={(e) => {
                e.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
