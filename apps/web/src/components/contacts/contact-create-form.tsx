import { contactCreateSchema } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { useSchemaForm } from '../../forms/use-server-form.ts';
import { trpc } from '../../trpc/client.ts';
import { blankAs } from '../companies/company-fields.tsx';
import { FormProblem } from '../companies/form-problem.tsx';
import { DialogForm } from '../ui/dialog-form.tsx';
import { useReportDirty } from '../ui/discard-guard.tsx';
import { useToast } from '../ui/toast.tsx';
import { type CompanyChoice, CompanyPicker } from './company-picker.tsx';
import { ContactFields, type ContactTextField } from './contact-fields.tsx';
import { useInvalidateContacts } from './invalidate.ts';
import { placeRefusal } from './refusal.ts';

const absent = blankAs(undefined);

/** Creates a contact on `contacts.create`'s own schema, attached to a company if one is picked. */
export function ContactCreateForm({
  company,
  onDone,
  onCancel,
  onDirty,
}: {
  /** The company to start from (opened from a company's sheet). */
  company: CompanyChoice | null;
  onDone: () => void;
  onCancel: () => void;
  onDirty?: (dirty: boolean) => void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateContacts();
  const [problem, setProblem] = useState<string>();
  const form = useSchemaForm(contactCreateSchema, {
    name: '',
    email: '',
    ...(company === null ? {} : { companyId: company.id }),
  });
  const create = useMutation(
    trpc.contacts.create.mutationOptions({
      onSuccess: async ({ data: contact }) => {
        const name = contact.name;
        await invalidate();
        toast(t`Contact « ${name} » créé.`);
        onDone();
      },
      onError: (error) => {
        setProblem(placeRefusal(form, error, errorMessage) ? undefined : errorMessage(error));
      },
    }),
  );
  useReportDirty(form.formState.isDirty, onDirty);
  const errors = form.formState.errors;
  const field = (name: ContactTextField) =>
    form.register(name, name === 'phone' ? { setValueAs: absent } : {});
  return (
    <DialogForm
      onSubmit={form.handleSubmit((values) => {
        setProblem(undefined);
        create.mutate(values);
      })}
      pending={create.isPending}
      problem={problem !== undefined && <FormProblem>{problem}</FormProblem>}
      onCancel={onCancel}
      submitLabel={<Trans>Créer le contact</Trans>}
    >
      <ContactFields
        field={field}
        errors={{ name: errors.name?.message, email: errors.email?.message, phone: errors.phone?.message }}
      />
      <CompanyPicker
        value={form.watch('companyId')}
        initial={company}
        error={errors.companyId?.message}
        onChange={(picked) => form.setValue('companyId', picked?.id, { shouldDirty: true })}
      />
    </DialogForm>
  );
}
