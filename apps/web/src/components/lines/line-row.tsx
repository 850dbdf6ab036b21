import { lineNetAmount } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { formatAmount } from '../../format.ts';
import { Button } from '../ui/button.tsx';
import { Field, inputClass } from '../ui/field.tsx';
import { frenchVatRates, pricedLine, typedNumber, type WithLines } from './line-values.ts';

export type LineMove = 'up' | 'down' | 'remove';

const numberInput = `${inputClass} text-right tabular-nums`;

/**
 * One line of the editor: its fields (each labelled, its error beside it), its net amount, and
 * buttons to move it up, down or away, named after the line so a screen reader knows which.
 */
export function LineRow({
  form,
  index,
  count,
  currency,
  disabled,
  onMove,
}: {
  form: UseFormReturn<WithLines>;
  index: number;
  count: number;
  currency: string;
  disabled: boolean;
  onMove: (index: number, move: LineMove) => void;
}) {
  const { t, i18n } = useLingui();
  const line = useWatch({ control: form.control, name: `lines.${index}` });
  const errors = form.formState.errors.lines?.[index];
  const position = index + 1;
  const rates = frenchVatRates.includes(Number(line?.taxRate ?? 0))
    ? frenchVatRates
    : [...frenchVatRates, Number(line?.taxRate ?? 0)].sort((a, b) => b - a);
  const net = lineNetAmount(pricedLine(line)).toNumber();
  const asNumber = { setValueAs: typedNumber };
  return (
    <fieldset
      data-line={position}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
      disabled={disabled}
    >
      <legend className="px-1 text-sm font-semibold text-slate-700">
        <Trans>Ligne {position}</Trans>
      </legend>
      <Field label={<Trans>Description</Trans>} error={errors?.title?.message}>
        {(control) => (
          <input {...control} {...form.register(`lines.${index}.title`)} className={inputClass} />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-6">
        <Field label={<Trans>Quantité</Trans>} error={errors?.quantity?.message}>
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              {...form.register(`lines.${index}.quantity`, asNumber)}
              className={numberInput}
            />
          )}
        </Field>
        <Field label={<Trans>Unité</Trans>} error={errors?.unit?.message}>
          {(control) => (
            <input
              {...control}
              {...form.register(`lines.${index}.unit`, {
                setValueAs: (typed: unknown) =>
                  typeof typed === 'string' && typed.trim() === '' ? undefined : typed,
              })}
              className={inputClass}
            />
          )}
        </Field>
        <Field label={<Trans>Prix unitaire HT</Trans>} error={errors?.unitPrice?.message}>
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              {...form.register(`lines.${index}.unitPrice`, asNumber)}
              className={numberInput}
            />
          )}
        </Field>
        <Field label={<Trans>Remise %</Trans>} error={errors?.discountPercent?.message}>
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              {...form.register(`lines.${index}.discountPercent`, asNumber)}
              className={numberInput}
            />
          )}
        </Field>
        <Field label={<Trans>TVA</Trans>} error={errors?.taxRate?.message}>
          {(control) => (
            <select
              {...control}
              {...form.register(`lines.${index}.taxRate`, { setValueAs: Number })}
              className={inputClass}
            >
              {rates.map((rate) => (
                <option key={rate} value={String(rate)}>
                  {i18n.number(rate, { maximumFractionDigits: 4 })} %
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="flex flex-col gap-1">
          <span className="font-medium text-slate-800">
            <Trans>Montant HT</Trans>
          </span>
          <output className="py-2 text-right tabular-nums" data-line-net={position}>
            {formatAmount(net, currency)}
          </output>
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="ghost"
          data-move="up"
          disabled={index === 0}
          aria-label={t`Monter la ligne ${position}`}
          onClick={() => onMove(index, 'up')}
        >
          <span aria-hidden="true">↑</span> <Trans>Monter</Trans>
        </Button>
        <Button
          variant="ghost"
          data-move="down"
          disabled={index === count - 1}
          aria-label={t`Descendre la ligne ${position}`}
          onClick={() => onMove(index, 'down')}
        >
          <span aria-hidden="true">↓</span> <Trans>Descendre</Trans>
        </Button>
        <Button
          variant="ghost"
          data-move="remove"
          disabled={count === 1}
          aria-label={t`Supprimer la ligne ${position}`}
          onClick={() => onMove(index, 'remove')}
        >
          <Trans>Supprimer</Trans>
        </Button>
      </div>
    </fieldset>
  );
}
