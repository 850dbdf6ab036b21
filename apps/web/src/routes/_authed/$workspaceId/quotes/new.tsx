import { createFileRoute } from '@tanstack/react-router';
import { NewQuoteScreen } from '../../../../components/quotes/new-quote-screen.tsx';

export const Route = createFileRoute('/_authed/$workspaceId/quotes/new')({
  component: NewQuoteRoute,
});

function NewQuoteRoute() {
  const { workspaceId } = Route.useParams();
  return <NewQuoteScreen workspaceId={workspaceId} />;
}
