import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** the form; rendered only while open so that every opening starts fresh */
  children: ReactNode;
  wide?: boolean;
  /** where focus goes on closing, when the element that opened the dialog may be gone by then */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Modal with a title bar and a close button around a form (focus trap, Escape closes). */
export function FormDialog({ open, onOpenChange, title, description, children, wide, onCloseAutoFocus }: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className={`dialog dialog--framed${wide ? ' dialog--form-wide' : ''}`} aria-describedby={undefined} onCloseAutoFocus={onCloseAutoFocus}>
          <div className="dialog__head">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t('common.close')}>
              <Icon name="close" />
            </Dialog.Close>
          </div>
          {open && (
            <div className="dialog__body dialog__body--form">
              {description && <div className="dialog__lead">{description}</div>}
              {children}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Cancel closes the surrounding FormDialog. */
export function DialogCancel() {
  const { t } = useTranslation();
  return <Dialog.Close className="btn btn--ghost">{t('common.cancel')}</Dialog.Close>;
}
