import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { ToastProvider } from './components/ui/toast.tsx';
import { activateLocale, chooseLocale } from './i18n/locale.ts';
import { createAppRouter } from './router.tsx';
import { meQuery } from './session/me.ts';
import { httpStatusOf, queryClient, whenSessionGone } from './trpc/client.ts';
import './styles.css';

// zod would otherwise try `new Function` to speed up parsing, which the Content-Security-Policy
// refuses (and reports as an error on every page).
z.config({ jitless: true });

// The catalogue is loaded before the first render, so no screen ever shows in the wrong language.
await activateLocale(chooseLocale(navigator.languages));
const router = createAppRouter();
whenSessionGone(() => {
  queryClient.setQueryData(meQuery.queryKey, null);
  void router.navigate({ to: '/sign-in', search: { returnTo: router.latestLocation.href } });
});
const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root, {
  // A refusal the screen explains in words (403, 404) is not a fault of the page: React would
  // log every error a boundary catches, so only the others are logged.
  onCaughtError: (error, info) => {
    const status = httpStatusOf(error);
    if (status !== undefined && status < 500) return;
    console.error(error, info.componentStack);
  },
}).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
