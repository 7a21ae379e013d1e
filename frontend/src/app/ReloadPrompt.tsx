import * as Toast from '@radix-ui/react-toast';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** Offline-shell toasts of the service worker (spec §2). */
export function ReloadPrompt() {
  const { t } = useTranslation();
  const {
    offlineReady: [offlineReady, setOfflineReady],
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();

  const handleClose = () => {
    setOfflineReady(false);
    setNeedRefresh(false);
  };

  const open = offlineReady || needRefresh;
  return (
    <Toast.Root
      className="toast toast--info"
      open={open}
      duration={Infinity}
      onOpenChange={(o) => {
        if (!o) handleClose();
      }}
    >
      <Toast.Description className="toast__message">{needRefresh ? t('pwa.needRefresh') : t('pwa.offlineReady')}</Toast.Description>
      {needRefresh && (
        <Toast.Action className="toast__action" altText={t('pwa.reload')} onClick={() => void updateServiceWorker(true)}>
          {t('pwa.reload')}
        </Toast.Action>
      )}
      <Toast.Close className="toast__action">{t('common.close')}</Toast.Close>
    </Toast.Root>
  );
}
