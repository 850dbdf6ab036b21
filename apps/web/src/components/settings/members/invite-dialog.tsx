import { type CreatedInvitation, inviteSchema } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useIsMutating, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorMessage } from '../../../forms/error-messages.ts';
import { showServerErrors, useSchemaForm } from '../../../forms/use-server-form.ts';
import { trpc } from '../../../trpc/client.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { useInvalidateMembers } from '../invalidate.ts';
import { SecretOnce } from '../secret-once.tsx';
import { roles, useRoleLabels } from './roles.ts';

/**
 * Invites someone by e-mail with a role. The answer holds the invitation's link, shown here
 * once (only its hash is kept): the owner sends it to the person.
 */
export function InviteDialog() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedInvitation | undefined>();
  // While the invitation is being made, the dialog stays: its answer is the only time the link is shown.
  const busy = useIsMutating({ mutationKey: trpc.members.invite.mutationKey() }) > 0;
  const email = created?.email ?? '';
  const close = () => {
    setOpen(false);
    setCreated(undefined);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Trans>Inviter une personne</Trans>
      </Button>
      <Dialog
        open={open}
        onClose={close}
        busy={busy}
        title={created ? t`Invitation créée` : t`Inviter une personne`}
      >
        {created === undefined ? (
          <InviteForm onCreated={setCreated} onCancel={close} />
        ) : (
          <>
            <SecretOnce
              label={t`Lien d’invitation pour ${email}`}
              value={created.url}
              warning={
                <Trans>
                  Envoyez ce lien à la personne invitée. Il ne sera plus affiché : il fonctionne une fois,
                  pendant 7 jours.
                </Trans>
              }
            />
            <div className="flex justify-end">
              <Button onClick={close}>
                <Trans>Terminé</Trans>
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}

function InviteForm({
  onCreated,
  onCancel,
}: {
  onCreated: (invitation: CreatedInvitation) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const labels = useRoleLabels();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateMembers();
  const [refusal, setRefusal] = useState<string | undefined>();
  const form = useSchemaForm(inviteSchema, { email: '', role: 'accountant' });
  const invite = useMutation(
    trpc.members.invite.mutationOptions({
      onSuccess: async ({ data }) => {
        onCreated(data);
        await invalidate();
      },
      onError: (error) => {
        if (!showServerErrors(form, error)) setRefusal(errorMessage(error));
      },
    }),
  );
  const errors = form.formState.errors;
  const role = form.watch('role');
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        setRefusal(undefined);
        invite.mutate(values);
      })}
      className="flex flex-col gap-4"
    >
      {refusal !== undefined && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800">
          {refusal}
        </p>
      )}
      <fieldset disabled={invite.isPending} className="flex flex-col gap-4">
        <Field label={t`Adresse e-mail`} error={errors.email?.message}>
          {(control) => (
            <input
              {...control}
              {...form.register('email')}
              type="email"
              autoComplete="off"
              className={inputClass}
            />
          )}
        </Field>
        <Field label={t`Rôle`} hint={labels[role].does} error={errors.role?.message}>
          {(control) => (
            <select {...control} {...form.register('role')} className={inputClass}>
              {roles.map((value) => (
                <option key={value} value={value}>
                  {labels[value].name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>
      <FormActions
        pending={invite.isPending}
        onCancel={onCancel}
        submitLabel={<Trans>Créer l’invitation</Trans>}
      />
    </form>
  );
}
