import { companyUpdateSchema } from '@comptoir/core/schemas';
import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { showServerErrors, useSchemaForm } from '../../forms/use-server-form.ts';
import { trpc } from '../../trpc/client.ts';
import { DialogForm } from '../ui/dialog-form.tsx';
import { useReportDirty } from '../ui/discard-guard.tsx';
import { useToast } from '../ui/toast.tsx';
import type { CompanyRow } from './columns.tsx';
import { blankAs, type CompanyFieldName, CompanyFields } from './company-fields.tsx';
import { FormProblem } from './form-problem.tsx';
import { useInvalidateCompanies } from './invalidate.ts';
import { useSavedMessage } from './saved-message.ts';

const cleared = blankAs(null);

/** Edits a company on `companies.update`'s own schema: a blank identifier or address clears it. */
export function CompanyEditForm({
  company,
  onDone,
  onCancel,
  onDirty,
}: {
  company: CompanyRow;
  onDone: () => void;
  onCancel: () => void;
  onDirty?: (dirty: boolean) => void;
}) {
  const toast = useToast();
  const savedMessage = useSavedMessage();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateCompanies();
  const form = useSchemaForm(companyUpdateSchema, {
    name: company.name,
    siret: company.siret,
    vatNumber: company.vatNumber,
    address: company.address,
  });
  const update = useMutation(
    trpc.companies.update.mutationOptions({
      onSuccess: async ({ data: saved }) => {
        await invalidate();
        toast(savedMessage(saved, 'saved'));
        onDone();
      },
      onError: (error) => {
        showServerErrors(form, error);
      },
    }),
  );
  useReportDirty(form.formState.isDirty, onDirty);
  const errors = form.formState.errors;
  const field = (name: CompanyFieldName) =>
    form.register(name, name === 'name' ? {} : { setValueAs: cleared });
  return (
    <DialogForm
      onSubmit={form.handleSubmit((values) => update.mutate({ id: company.id, ...values }))}
      pending={update.isPending}
      problem={update.isError && <FormProblem>{errorMessage(update.error)}</FormProblem>}
      onCancel={onCancel}
      submitDisabled={!form.formState.isDirty}
      submitLabel={<Trans>Enregistrer</Trans>}
    >
      <CompanyFields
        field={field}
        errors={{
          name: errors.name?.message,
          siret: errors.siret?.message,
          vatNumber: errors.vatNumber?.message,
          address: errors.address?.message,
        }}
        siret={form.watch('siret')}
        vatNumber={form.watch('vatNumber')}
      />
    </DialogForm>
  );
}
