import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ResetPasswordForm } from '../components/account/reset-password-form.tsx';

/** The page of the link a reset e-mail carries: `/app/reset-password?token=…`. */
export const Route = createFileRoute('/reset-password')({
  validateSearch: z.object({ token: z.string().min(1).optional().catch(undefined) }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordForm token={token} />;
}
