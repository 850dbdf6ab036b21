import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useErrorMessage } from '../../../forms/error-messages.ts';
import { trpc } from '../../../trpc/client.ts';
import { inputClass } from '../../ui/field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useInvalidateMembers } from '../invalidate.ts';
import { type Role, roles, useRoleLabels } from './roles.ts';

/**
 * A member's role, changed as it is chosen. The select shows the server's answer: a refused
 * change (the last owner) goes back to the role kept, and the toast says why.
 */
export function RoleSelect({ userId, name, role }: { userId: string; name: string; role: Role }) {
  const { t } = useLingui();
  const labels = useRoleLabels();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateMembers();
  const change = useMutation(
    trpc.members.changeRole.mutationOptions({
      onSuccess: async ({ data }) => {
        const chosen = labels[data.role].name;
        toast(t`${name} est maintenant ${chosen}.`);
        await invalidate();
      },
      onError: (error) => toast(errorMessage(error), 'error'),
    }),
  );
  const shown = change.isPending ? change.variables.role : role;
  return (
    <select
      aria-label={t`Rôle de ${name}`}
      value={shown}
      disabled={change.isPending}
      onChange={(event) => {
        const chosen = roles.find((value) => value === event.target.value);
        if (chosen !== undefined && chosen !== role) change.mutate({ userId, role: chosen });
      }}
      className={`${inputClass} w-44 py-1`}
    >
      {roles.map((value) => (
        <option key={value} value={value}>
          {labels[value].name}
        </option>
      ))}
    </select>
  );
}
