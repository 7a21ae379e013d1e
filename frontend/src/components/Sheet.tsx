import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: 'left' | 'right';
  title: string;
  children: ReactNode;
  /** Where the focus goes when the sheet closes; by default back to where it was when it opened. */
  returnFocusTo?: () => HTMLElement | null;
}

/** Side panel (left drawer, right sidebar) of width 320 built on Radix Dialog: focus trap, Escape closes. */
export function Sheet({ open, onOpenChange, side, title, children, returnFocusTo }: SheetProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay overlay--sheet" />
        <Dialog.Content
          className={`sheet sheet--${side}`}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <div className="sheet__header">
            <Dialog.Title className="sheet__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t('common.close')}>
              <Icon name="close" />
            </Dialog.Close>
          </div>
          <div className="sheet__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
