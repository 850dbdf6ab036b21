import type { WorkspaceView } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useErrorMessage } from '../../../forms/error-messages.ts';
import { showServerErrors, useSchemaForm } from '../../../forms/use-server-form.ts';
import { trpc } from '../../../trpc/client.ts';
import { useToast } from '../../ui/toast.tsx';
import { useInvalidateWorkspace } from '../invalidate.ts';
import { UnsavedBar } from '../unsaved-bar.tsx';
import { companyFormSchema, companyFormValues } from './form-values.ts';
import { AddressFields, IdentityFields } from './identity-fields.tsx';
import { PaymentFields, StockFields } from './payment-fields.tsx';
import type { CompanyForm as Form } from './text-field.tsx';

/**
 * The workspace's legal identity and payment terms, as every document prints them. A role that
 * may only read them sees the same fields, disabled.
 */
export function CompanyForm({ workspace, canEdit }: { workspace: WorkspaceView; canEdit: boolean }) {
  const { t } = useLingui();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateWorkspace();
  const form = useSchemaForm(companyFormSchema, companyFormValues(workspace));
  const save = useMutation(
    trpc.workspace.update.mutationOptions({
      onSuccess: async ({ data }) => {
        form.reset(companyFormValues(data));
        toast(t`Les informations de l’entreprise sont enregistrées.`);
        await invalidate();
      },
      onError: (error) => {
        showServerErrors(form, error);
        toast(errorMessage(error), 'error');
      },
    }),
  );
  const shared = form as unknown as Form;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((patch) => save.mutate(patch))}
      className="flex flex-col gap-6"
      aria-label={t`Informations de l’entreprise`}
    >
      {!canEdit && (
        <p className="rounded-md border border-slate-300 bg-slate-100 px-4 py-3 text-slate-800">
          <Trans>Votre rôle permet de consulter ces informations, pas de les modifier.</Trans>
        </p>
      )}
      <fieldset disabled={!canEdit || save.isPending} className="flex flex-col gap-6">
        <IdentityFields form={shared} />
        <AddressFields form={shared} />
        <PaymentFields form={shared} />
        <StockFields form={shared} />
      </fieldset>
      {canEdit && (
        <UnsavedBar dirty={form.formState.isDirty} pending={save.isPending} onUndo={() => form.reset()} />
      )}
    </form>
  );
}
