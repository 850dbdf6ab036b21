import { Trans } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { signOut } from '../../session/auth.ts';

export function SignOutButton() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const leave = useMutation({
    mutationFn: signOut,
    onSettled: async () => {
      // Nothing read under the session outlives it in this tab.
      queryClient.clear();
      await router.navigate({ to: '/sign-in' });
    },
  });
  return (
    <button
      type="button"
      onClick={() => leave.mutate()}
      disabled={leave.isPending}
      className="self-start rounded-md px-3 py-1 text-slate-800 underline hover:bg-slate-100"
    >
      <Trans>Se déconnecter</Trans>
    </button>
  );
}
