import type { invoiceUpdateSchema } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { typedNumber } from '../../lines/line-values.ts';
import { Field, inputClass } from '../../ui/field.tsx';
import { fieldError } from './field-error.ts';
import { dayToInstant, instantToDay } from './text-values.ts';

export type TermsValues = Pick<
  z.input<typeof invoiceUpdateSchema>,
  'title' | 'dueAt' | 'discountPercent' | 'reverseCharge'
>;

/** What only a saved draft can change: its title, due date, document discount and reverse charge. */
export function TermsFields({ form }: { form: UseFormReturn<TermsValues> }) {
  const { t } = useLingui();
  const errors = form.formState.errors;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
      <legend className="px-1 text-lg font-semibold">
        <Trans>Conditions</Trans>
      </legend>
      <Field label={<Trans>Objet</Trans>} error={errors.title?.message}>
        {(control) => <input {...control} {...form.register('title')} className={inputClass} />}
      </Field>
      <Field label={<Trans>Échéance</Trans>} error={fieldError(errors.dueAt, t`Saisissez une date.`)}>
        {(control) => (
          <Controller
            control={form.control}
            name="dueAt"
            render={({ field }) => (
              <input
                {...control}
                type="date"
                name={field.name}
                ref={field.ref}
                value={instantToDay(field.value)}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(dayToInstant(event.target.value))}
                className={inputClass}
              />
            )}
          />
        )}
      </Field>
      <Field
        label={<Trans>Remise globale %</Trans>}
        hint={<Trans>Appliquée à chaque taux de TVA</Trans>}
        error={errors.discountPercent?.message}
      >
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            {...form.register('discountPercent', {
              setValueAs: (typed: unknown) => typedNumber(typed) ?? 0,
            })}
            className={`${inputClass} text-right tabular-nums`}
          />
        )}
      </Field>
      <div className="flex items-center gap-2 self-end py-2">
        <input
          id="reverse-charge"
          type="checkbox"
          {...form.register('reverseCharge')}
          className="size-4"
          aria-describedby="reverse-charge-hint"
        />
        <label htmlFor="reverse-charge" className="font-medium">
          <Trans>Autoliquidation</Trans>
        </label>
        <span id="reverse-charge-hint" className="text-sm text-slate-600">
          <Trans>La TVA est due par le client</Trans>
        </span>
      </div>
    </fieldset>
  );
}
