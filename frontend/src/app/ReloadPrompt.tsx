import * as Toast from '@radix-ui/react-toast';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { DEFAULT_TIMEOUT } from '../lib/snackbar';

/** Where a device remembers that it has told its reader the app works offline. */
export const OFFLINE_NOTICE_KEY = 'vademecum.offlineReadyShown';

function offlineNoticeShown(): boolean {
  try {
    return localStorage.getItem(OFFLINE_NOTICE_KEY) !== null;
  } catch {
    return false; // storage refused (private mode): the notice may come again, no harm
  }
}

function rememberOfflineNotice(): void {
  try {
    localStorage.setItem(OFFLINE_NOTICE_KEY, new Date().toISOString());
  } catch {
    // storage refused: nothing to remember it in
  }
}

/**
 * Offline-shell toasts of the service worker (spec §2): "ready to work offline" once per device,
 * small and closing itself; "new content available" until the reader reloads or closes it.
 */
export function ReloadPrompt() {
  const { t } = useTranslation();
  const {
    offlineReady: [offlineReady, setOfflineReady],
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  const [shownBefore] = useState(offlineNoticeShown);

  useEffect(() => {
    if (offlineReady) rememberOfflineNotice();
  }, [offlineReady]);

  return (
    <>
      <Toast.Root
        className="toast toast--info toast--compact"
        open={offlineReady && !shownBefore && !needRefresh}
        duration={DEFAULT_TIMEOUT}
        onOpenChange={(o) => {
          if (!o) setOfflineReady(false);
        }}
      >
        <Toast.Description className="toast__message">{t('pwa.offlineReady')}</Toast.Description>
        <Toast.Close className="toast__action">{t('common.close')}</Toast.Close>
      </Toast.Root>
      <Toast.Root
        className="toast toast--info"
        open={needRefresh}
        duration={Infinity}
        onOpenChange={(o) => {
          if (!o) setNeedRefresh(false);
        }}
      >
        <Toast.Description className="toast__message">{t('pwa.needRefresh')}</Toast.Description>
        <Toast.Action className="toast__action" altText={t('pwa.reload')} onClick={() => void updateServiceWorker(true)}>
          {t('pwa.reload')}
        </Toast.Action>
        <Toast.Close className="toast__action">{t('common.close')}</Toast.Close>
      </Toast.Root>
    </>
  );
}
