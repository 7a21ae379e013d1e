import * as Toast from '@radix-ui/react-toast';
import { useTranslation } from 'react-i18next';
import { PERSISTENT, useSnackbarStore } from '../lib/snackbar';

/** Renders the snackbar store with Radix Toast; needs a Toast.Provider above it. */
export function Snackbars() {
  const { t } = useTranslation();
  const snackbars = useSnackbarStore((s) => s.snackbars);
  const dismiss = useSnackbarStore((s) => s.dismiss);
  return (
    <>
      {snackbars.map((s) => (
        <Toast.Root
          key={s.id}
          className={`toast toast--${s.type}`}
          duration={s.timeout === PERSISTENT ? Infinity : s.timeout}
          type={s.type === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismiss(s.id);
          }}
        >
          <Toast.Description className="toast__message">{s.message}</Toast.Description>
          <Toast.Close className="toast__action">{t('common.close')}</Toast.Close>
        </Toast.Root>
      ))}
    </>
  );
}
