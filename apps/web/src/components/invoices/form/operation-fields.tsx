import {
  type invoiceCreateSchema,
  operationCategorySchema,
  vatExemptionSchema,
} from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Field, inputClass } from '../../ui/field.tsx';
import { fieldError } from './field-error.ts';
import { optionalText } from './text-values.ts';

/** The operation fields an invoice's create and update share. */
export type OperationValues = Pick<
  z.input<typeof invoiceCreateSchema>,
  'operationCategory' | 'deliveryDate' | 'deliveryAddress' | 'vatExemption'
>;

type Category = z.infer<typeof operationCategorySchema>;
type Exemption = z.infer<typeof vatExemptionSchema>;

/** What is sold, when and where it is delivered, and why no VAT applies when none does. */
export function OperationFields({ form }: { form: UseFormReturn<OperationValues> }) {
  const { t } = useLingui();
  const errors = form.formState.errors;
  const categories: Record<Category, string> = {
    goods: t`Livraison de biens`,
    services: t`Prestation de services`,
    mixed: t`Biens et services`,
  };
  const exemptions: Record<Exemption, string> = {
    'VATEX-FR-FRANCHISE': t`Franchise en base (art. 293 B du CGI)`,
    'VATEX-FR-CGI261-4': t`Exonération, article 261-4 du CGI`,
    'VATEX-EU-G': t`Exportation hors UE`,
    'VATEX-EU-IC': t`Livraison intracommunautaire`,
    'VATEX-EU-O': t`Hors du champ de la TVA`,
  };
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
      <legend className="px-1 text-lg font-semibold">
        <Trans>Opération</Trans>
      </legend>
      <Field label={<Trans>Nature de l’opération</Trans>} error={errors.operationCategory?.message}>
        {(control) => (
          <select {...control} {...form.register('operationCategory')} className={inputClass}>
            {operationCategorySchema.options.map((value) => (
              <option key={value} value={value}>
                {categories[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={<Trans>Date de livraison</Trans>}
        hint={<Trans>Si elle diffère de la date d’émission</Trans>}
        error={fieldError(errors.deliveryDate, t`Saisissez une date entre 2000 et 2099.`)}
      >
        {(control) => (
          <input
            {...control}
            type="date"
            {...form.register('deliveryDate', optionalText)}
            className={inputClass}
          />
        )}
      </Field>
      <Field
        label={<Trans>Adresse de livraison</Trans>}
        hint={<Trans>Si elle diffère de celle du client</Trans>}
        error={errors.deliveryAddress?.message}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            {...form.register('deliveryAddress', optionalText)}
            className={inputClass}
          />
        )}
      </Field>
      <Field
        label={<Trans>Exonération de TVA</Trans>}
        hint={<Trans>Toutes les lignes sont alors à 0 %</Trans>}
        error={errors.vatExemption?.message}
      >
        {(control) => (
          <select {...control} {...form.register('vatExemption', optionalText)} className={inputClass}>
            <option value="">{t`Aucune`}</option>
            {vatExemptionSchema.options.map((value) => (
              <option key={value} value={value}>
                {exemptions[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
    </fieldset>
  );
}
