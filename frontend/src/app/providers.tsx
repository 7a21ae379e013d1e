import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import * as Toast from '@radix-ui/react-toast';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Snackbars } from '../components/Snackbars';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/queryClient';
import { ReloadPrompt } from './ReloadPrompt';

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Toast.Provider swipeDirection="down">
          {children}
          <Snackbars />
          <ReloadPrompt />
          <Toast.Viewport className="toast-viewport" />
        </Toast.Provider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
