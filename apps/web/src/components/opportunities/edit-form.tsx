import { opportunityPriorities, opportunityUpdateSchema } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { showServerErrors, useSchemaForm } from '../../forms/use-server-form.ts';
import { trpc } from '../../trpc/client.ts';
import { Button } from '../ui/button.tsx';
import { useReportDirty } from '../ui/discard-guard.tsx';
import { Field, inputClass } from '../ui/field.tsx';
import type { PickerOption } from '../ui/search-picker.tsx';
import { useToast } from '../ui/toast.tsx';
import { AmountInput } from './amount-input.tsx';
import type { OpportunityCard } from './board-input.ts';
import { DayInput } from './day-input.tsx';
import { invalidateOpportunities } from './invalidate.ts';
import type { SheetActions } from './opportunity-sheet.tsx';
import { CompanyPicker, ContactPicker, useContactOfOpportunity } from './party-pickers.tsx';
import { isPriority, usePriorityLabels } from './priorities.ts';
import { boardStatuses, useOpportunityStatusLabels } from './statuses.ts';

/**
 * An opportunity's fields, changed through `opportunities.update` and its own schema. The
 * contact is known by its e-mail only (a read names no contact id): it is sent only when changed.
 * Without `write:opportunities`, the same fields show, disabled.
 */
export function EditOpportunityForm({
  opportunity,
  canWrite,
  onDone,
  onCancel,
  onDirty,
  onBusy,
}: { opportunity: OpportunityCard; canWrite: boolean } & SheetActions) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const labels = useOpportunityStatusLabels();
  const priorityLabels = usePriorityLabels();
  const form = useSchemaForm(opportunityUpdateSchema, {
    title: opportunity.title,
    amount: opportunity.amount,
    status: opportunity.status,
    priority: isPriority(opportunity.priority) ? opportunity.priority : null,
    lastContactAt: opportunity.lastContactAt,
    nextFollowUpAt: opportunity.nextFollowUpAt,
  });
  const [company, setCompany] = useState<PickerOption | null>(
    opportunity.company === null ? null : { id: opportunity.company.id, label: opportunity.company.name },
  );
  const current = useContactOfOpportunity(opportunity.contactEmail);
  // undefined until another contact is picked (or the contact removed): the contact stays as it is.
  const [picked, setPicked] = useState<PickerOption | null>();
  const contact = picked === undefined ? current : picked;
  const [failure, setFailure] = useState<string>();
  const update = useMutation(
    trpc.opportunities.update.mutationOptions({
      onSuccess: ({ data }) => {
        const title = data.title;
        toast(t`Opportunité « ${title} » enregistrée.`);
        void invalidateOpportunities(queryClient);
        onDone();
      },
      onError: (error) => {
        showServerErrors(form, error);
        setFailure(errorMessage(error));
      },
    }),
  );
  useEffect(() => onBusy(update.isPending), [update.isPending, onBusy]);
  useReportDirty(form.formState.isDirty, onDirty);
  const errors = form.formState.errors;
  const pickCompany = (option: PickerOption | null) => {
    setCompany(option);
    form.setValue('companyId', option?.id ?? null, { shouldDirty: true });
  };
  const locked = !canWrite || update.isPending;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        setFailure(undefined);
        update.mutate({ id: opportunity.id, ...values });
      })}
      className="flex flex-col gap-4"
    >
      <fieldset disabled={locked} className="flex flex-col gap-4">
        <Field label={t`Titre`} error={errors.title?.message}>
          {(control) => <input {...control} {...form.register('title')} className={inputClass} />}
        </Field>
        <Field label={t`Montant HT (€)`} hint={t`Vide : à définir.`} error={errors.amount?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="amount"
              render={({ field }) => (
                <AmountInput
                  control={control}
                  value={field.value}
                  empty={null}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </Field>
        <div className="grid grid-cols-2 gap-4">
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
          <Field label={t`Priorité`} error={errors.priority?.message}>
            {(control) => (
              <select
                {...control}
                {...form.register('priority', { setValueAs: (chosen) => (chosen === '' ? null : chosen) })}
                className={inputClass}
              >
                <option value="">{t`Aucune`}</option>
                {opportunityPriorities.map((priority) => (
                  <option key={priority} value={priority}>
                    {priorityLabels[priority]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <CompanyPicker
          selected={company}
          onSelect={pickCompany}
          error={errors.companyId?.message}
          disabled={locked}
        />
        <ContactPicker
          selected={contact}
          onSelect={(option) => {
            setPicked(option);
            form.setValue('contactId', option?.id ?? null, { shouldDirty: true });
            if (option?.company && company === null) pickCompany(option.company);
          }}
          error={errors.contactId?.message}
          disabled={locked}
        />
        <div className="grid grid-cols-2 gap-4">
          {(['lastContactAt', 'nextFollowUpAt'] as const).map((name) => (
            <Field
              key={name}
              label={name === 'lastContactAt' ? t`Dernier contact` : t`Prochaine relance`}
              error={errors[name]?.message}
            >
              {(control) => (
                <Controller
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <DayInput
                      control={control}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                    />
                  )}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      {failure !== undefined && (
        <p role="alert" className="font-medium text-red-800">
          {failure}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" disabled={update.isPending} onClick={onCancel}>
          {canWrite ? <Trans>Annuler</Trans> : <Trans>Fermer</Trans>}
        </Button>
        {canWrite && (
          <Button type="submit" pending={update.isPending} disabled={!form.formState.isDirty}>
            <Trans>Enregistrer</Trans>
          </Button>
        )}
      </div>
    </form>
  );
}
