import { contactUpdateSchema } from '@comptoir/core/schemas';
import type { AppRouter } from '@comptoir/trpc';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { useSchemaForm } from '../../forms/use-server-form.ts';
import { trpc } from '../../trpc/client.ts';
import { blankAs } from '../companies/company-fields.tsx';
import { FormProblem } from '../companies/form-problem.tsx';
import { DialogForm } from '../ui/dialog-form.tsx';
import { useReportDirty } from '../ui/discard-guard.tsx';
import { useToast } from '../ui/toast.tsx';
import { CompanyPicker } from './company-picker.tsx';
import { ContactFields, type ContactTextField } from './contact-fields.tsx';
import { useInvalidateContacts } from './invalidate.ts';
import { placeRefusal } from './refusal.ts';

export type ContactDetail = inferRouterOutputs<AppRouter>['contacts']['get']['data'];

const cleared = blankAs(null);

/** Edits a contact on `contacts.update`'s own schema: a blank phone clears it, "Aucune société" detaches it. */
export function ContactEditForm({
  contact,
  onDone,
  onCancel,
  onDirty,
}: {
  contact: ContactDetail;
  onDone: () => void;
  onCancel: () => void;
  onDirty?: (dirty: boolean) => void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateContacts();
  const [problem, setProblem] = useState<string>();
  const form = useSchemaForm(contactUpdateSchema, {
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    companyId: contact.company?.id ?? null,
  });
  const update = useMutation(
    trpc.contacts.update.mutationOptions({
      onSuccess: async ({ data: saved }) => {
        const name = saved.name;
        await invalidate();
        toast(t`Contact « ${name} » enregistré.`);
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
    form.register(name, name === 'phone' ? { setValueAs: cleared } : {});
  const company = contact.company === null ? null : { id: contact.company.id, name: contact.company.name };
  return (
    <DialogForm
      onSubmit={form.handleSubmit((values) => {
        setProblem(undefined);
        update.mutate({ id: contact.id, ...values });
      })}
      pending={update.isPending}
      problem={problem !== undefined && <FormProblem>{problem}</FormProblem>}
      onCancel={onCancel}
      submitDisabled={!form.formState.isDirty}
      submitLabel={<Trans>Enregistrer</Trans>}
    >
      <ContactFields
        field={field}
        errors={{ name: errors.name?.message, email: errors.email?.message, phone: errors.phone?.message }}
      />
      <CompanyPicker
        value={form.watch('companyId')}
        initial={company}
        error={errors.companyId?.message}
        onChange={(picked) => form.setValue('companyId', picked?.id ?? null, { shouldDirty: true })}
      />
    </DialogForm>
  );
}
