import { createFileRoute } from '@tanstack/react-router';
import { MovementsScreen } from '../../../../components/stock/movements-screen.tsx';

/** A batch of stock movements from a CSV file: what it holds stays in the page, not the URL. */
export const Route = createFileRoute('/_authed/$workspaceId/products/movements')({
  component: MovementsScreen,
});
