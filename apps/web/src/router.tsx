import { createRouter } from '@tanstack/react-router';
import { ErrorFallback } from './components/error-fallback.tsx';
import { NotFound } from './components/not-found.tsx';
import { routeTree } from './routeTree.gen.ts';
import { queryClient, trpc } from './trpc/client.ts';

export function createAppRouter() {
  return createRouter({
    routeTree,
    basepath: '/app',
    context: { queryClient, trpc },
    // Hovering or focusing a link loads its route's data: the next screen is usually ready.
    defaultPreload: 'intent',
    // TanStack Query keeps the data; the router should not hold a second, staler copy.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: ErrorFallback,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
