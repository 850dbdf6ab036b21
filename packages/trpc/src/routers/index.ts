import { router } from '../init.ts';
import { productsRouter } from './products/index.ts';

export const appRouter = router({
  products: productsRouter,
});

export type AppRouter = typeof appRouter;
