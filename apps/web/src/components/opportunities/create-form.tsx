import { opportunityCreateSchema } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { showServerErrors, useSchemaForm } from '../../forms/use-server-form.ts';
import { trpc } from '../../trpc/client.ts';
import { DialogForm } from '../ui/dialog-form.tsx';
import { useReportDirty } from '../ui/discard-guard.tsx';
import { Field, inputClass } from '../ui/field.tsx';
import type { PickerOption } from '../ui/search-picker.tsx';
import { useToast } from '../ui/toast.tsx';
import { AmountInput } from './amount-input.tsx';
import { invalidateOpportunities } from './invalidate.ts';
import type { SheetActions } from './opportunity-sheet.tsx';
import { CompanyPicker, ContactPicker } from './party-pickers.tsx';
import { boardStatuses, useOpportunityStatusLabels } from './statuses.ts';

/** A new opportunity: `opportunities.create`'s own schema checks it before it leaves. */
export function CreateOpportunityForm({ onDone, onCancel, onDirty, onBusy }: SheetActions) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const labels = useOpportunityStatusLabels();
  const form = useSchemaForm(opportunityCreateSchema, { title: '', status: 'DRAFT' });
  const [company, setCompany] = useState<PickerOption | null>(null);
  const [contact, setContact] = useState<PickerOption | null>(null);
  const [failure, setFailure] = useState<string>();
  const create = useMutation(
    trpc.opportunities.create.mutationOptions({
      onSuccess: ({ data }) => {
        const title = data.title;
        toast(t`Opportunité « ${title} » créée.`);
        void invalidateOpportunities(queryClient);
        onDone();
      },
      onError: (error) => {
        showServerErrors(form, error);
        setFailure(errorMessage(error));
      },
    }),
  );
  useEffect(() => onBusy(create.isPending), [create.isPending, onBusy]);
  useReportDirty(form.formState.isDirty, onDirty);
  const errors = form.formState.errors;
  const pickCompany = (option: PickerOption | null) => {
    setCompany(option);
    form.setValue('companyId', option?.id, { shouldDirty: true });
  };
  return (
    <DialogForm
      onSubmit={form.handleSubmit((values) => {
        setFailure(undefined);
        create.mutate(values);
      })}
      pending={create.isPending}
      problem={
        failure !== undefined && (
          <p role="alert" className="font-medium text-red-800">
            {failure}
          </p>
        )
      }
      onCancel={onCancel}
      submitLabel={<Trans>Créer l’opportunité</Trans>}
    >
      <Field label={t`Titre`} error={errors.title?.message}>
        {(control) => <input {...control} {...form.register('title')} className={inputClass} />}
      </Field>
      <Field label={t`Montant HT (€)`} hint={t`Facultatif.`} error={errors.amount?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="amount"
            render={({ field }) => (
              <AmountInput
                control={control}
                value={field.value}
                empty={undefined}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
      </Field>
      <Field label={t`Colonne`} error={errors.status?.message}>
        {(control) => (
          <select {...control} {...form.register('status')} className={inputClass}>
            {boardStatuses.map((status) => (
              <option key={status} value={status}>
                {labels[status]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <CompanyPicker selected={company} onSelect={pickCompany} error={errors.companyId?.message} />
      <ContactPicker
        selected={contact}
        onSelect={(option) => {
          setContact(option);
          form.setValue('contactId', option?.id, { shouldDirty: true });
          if (option?.company && company === null) pickCompany(option.company);
        }}
        error={errors.contactId?.message}
      />
    </DialogForm>
  );
}
