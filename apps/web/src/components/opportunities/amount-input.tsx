import { i18n } from '@lingui/core';
import { useState } from 'react';
import { type ControlProps, inputClass } from '../ui/field.tsx';

/**
 * An amount as typed ("1 250,50" in French, "1250.50" in English) as a number for the schema;
 * `empty` when nothing is typed. Text that is no number stays NaN, which the schema refuses
 * beside the field.
 */
export function parseAmount<Empty>(typed: string, empty: Empty): number | Empty {
  if (typed.trim() === '') return empty;
  return Number(typed.replace(/[\s\u202f\u00a0]/g, '').replace(',', '.'));
}

/** An amount the way the page's language writes it, without grouping, so it reads back as typed. */
const shown = (amount: number | null | undefined) =>
  amount === null || amount === undefined || Number.isNaN(amount)
    ? ''
    : i18n.number(amount, { useGrouping: false, maximumFractionDigits: 4 });

/**
 * The amount field of a form: the text as typed stays on screen, the form holds its number
 * (`empty` when cleared: undefined for a create, null to clear it on an update).
 */
export function AmountInput<Empty extends null | undefined>({
  control,
  value,
  empty,
  onChange,
  onBlur,
}: {
  control: ControlProps;
  value: number | null | undefined;
  empty: Empty;
  onChange: (value: number | Empty) => void;
  onBlur: () => void;
}) {
  const [typed, setTyped] = useState(() => shown(value));
  return (
    <input
      {...control}
      inputMode="decimal"
      autoComplete="off"
      value={typed}
      onChange={(event) => {
        setTyped(event.target.value);
        onChange(parseAmount(event.target.value, empty));
      }}
      onBlur={onBlur}
      className={inputClass}
    />
  );
}
