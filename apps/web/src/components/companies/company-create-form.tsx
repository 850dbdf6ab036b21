import { companyCreateSchema } from '@comptoir/core/schemas';
import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { showServerErrors, useSchemaForm } from '../../forms/use-server-form.ts';
import { trpc } from '../../trpc/client.ts';
import { DialogForm } from '../ui/dialog-form.tsx';
import { useReportDirty } from '../ui/discard-guard.tsx';
import { useToast } from '../ui/toast.tsx';
import { blankAs, type CompanyFieldName, CompanyFields } from './company-fields.tsx';
import { FormProblem } from './form-problem.tsx';
import { useInvalidateCompanies } from './invalidate.ts';
import { useSavedMessage } from './saved-message.ts';

const absent = blankAs(undefined);

/** Creates a company on `companies.create`'s own schema; the server's details land on their fields. */
export function CompanyCreateForm({
  onDone,
  onCancel,
  onDirty,
}: {
  onDone: () => void;
  onCancel: () => void;
  onDirty?: (dirty: boolean) => void;
}) {
  const toast = useToast();
  const savedMessage = useSavedMessage();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateCompanies();
  const form = useSchemaForm(companyCreateSchema, { name: '' });
  const create = useMutation(
    trpc.companies.create.mutationOptions({
      onSuccess: async ({ data: company }) => {
        await invalidate();
        toast(savedMessage(company, 'created'));
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
    form.register(name, name === 'name' ? {} : { setValueAs: absent });
  return (
    <DialogForm
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
      pending={create.isPending}
      problem={create.isError && <FormProblem>{errorMessage(create.error)}</FormProblem>}
      onCancel={onCancel}
      submitLabel={<Trans>Créer la société</Trans>}
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
