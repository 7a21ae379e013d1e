// Vitest cannot load the virtual module of vite-plugin-pwa; tests get a quiet stand-in.
import { useState } from 'react';

export function useRegisterSW() {
  const needRefresh = useState(false);
  const offlineReady = useState(false);
  return {
    needRefresh,
    offlineReady,
    updateServiceWorker: async () => undefined,
  };
}
