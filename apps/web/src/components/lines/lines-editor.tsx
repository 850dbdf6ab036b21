/**
 * The line-items editor of invoices and quotes (`components/lines/`).
 *
 * API:
 *   <LinesEditor form={form} currency="EUR" terms={{ discountPercent, reverseCharge }} />
 *
 * - `form`: a react-hook-form form (our `useSchemaForm(schema, defaults)`) whose values hold the
 *   lines under `lines` (optional in the type, as update schemas are partial), validated by the procedure's own schema (`invoiceCreateSchema`,
 *   `quoteCreateSchema`, their update schemas: all use core's `linesSchema`). Errors on
 *   `lines.<i>.<field>` (the resolver's, or the API's `details` put there by `showServerErrors`)
 *   show beside their field.
 * - Defaults: `[blankLine()]` for a new document, `linesFromDocument(detail.lines)` to edit one
 *   (both from `./line-values.ts`, with the `WithLines` and `LineValues` types).
 * - `currency` formats the amounts; `terms` (document discount, reverse charge) feed the totals.
 * - `disabled` while the form is being saved.
 *
 * Each line: description, quantity, unit, unit price excluding tax, discount %, VAT rate (a
 * select of the French rates, plus the line's own if it has another), its net amount. Lines are
 * added, removed (never the last one) and moved up and down with buttons, so the keyboard can;
 * the focus follows the line moved and a live region says what happened. A member who reads
 * products can add a line from the catalogue (a search of `products.list`). Beside them, the live
 * totals (excluding tax, VAT per rate, total) come from core's `documentAmounts`.
 */
import type { DocumentTerms } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { type FieldValues, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { useCan } from '../../session/permissions.ts';
import { Button } from '../ui/button.tsx';
import { type LineMove, LineRow } from './line-row.tsx';
import { blankLine, type LineValues, type WithLines } from './line-values.ts';
import { LinesTotals } from './lines-totals.tsx';
import { ProductPicker } from './product-picker.tsx';

export type { LineValues, WithLines } from './line-values.ts';
export { blankLine, linesFromDocument } from './line-values.ts';

export function LinesEditor<TValues extends FieldValues & { lines?: LineValues[] | undefined }>({
  form,
  currency,
  terms,
  disabled = false,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the form's context and transformed values are the caller's.
  form: UseFormReturn<TValues, any, any>;
  currency: string;
  terms?: DocumentTerms;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const lineForm = form as unknown as UseFormReturn<WithLines>;
  const { fields, append, remove, move } = useFieldArray({ control: lineForm.control, name: 'lines' });
  const lines = useWatch({ control: lineForm.control, name: 'lines' }) ?? [];
  const listRef = useRef<HTMLDivElement>(null);
  const [focusAfter, setFocusAfter] = useState<{ index: number; move: LineMove } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const canReadProducts = useCan('read:products');

  useEffect(() => {
    if (focusAfter === null) return;
    setFocusAfter(null);
    const line = listRef.current?.querySelector(`[data-line="${focusAfter.index + 1}"]`);
    if (focusAfter.move === 'remove') {
      lineForm.setFocus(`lines.${focusAfter.index}.title`);
      return;
    }
    const other = focusAfter.move === 'up' ? 'down' : 'up';
    const wanted = line?.querySelector<HTMLButtonElement>(`[data-move="${focusAfter.move}"]`);
    (wanted?.disabled ? line?.querySelector<HTMLButtonElement>(`[data-move="${other}"]`) : wanted)?.focus();
  }, [focusAfter, lineForm]);

  const onMove = (index: number, action: LineMove) => {
    const position = index + 1;
    if (action === 'remove') {
      remove(index);
      setFocusAfter({ index: Math.min(index, fields.length - 2), move: 'remove' });
      setAnnouncement(t`Ligne ${position} supprimée.`);
      return;
    }
    const target = action === 'up' ? index - 1 : index + 1;
    move(index, target);
    setFocusAfter({ index: target, move: action });
    const now = target + 1;
    setAnnouncement(t`Ligne ${position} déplacée en position ${now}.`);
  };

  const listError = form.formState.errors.lines as
    | { message?: string; root?: { message?: string } }
    | undefined;
  const listMessage = listError?.root?.message ?? listError?.message;

  return (
    <div className="grid items-start gap-4 lg:grid-cols-[1fr_20rem]">
      <div className="flex flex-col gap-3" ref={listRef}>
        <h2 className="text-lg font-semibold">
          <Trans>Lignes</Trans>
        </h2>
        {fields.map((field, index) => (
          <LineRow
            key={field.id}
            form={lineForm}
            index={index}
            count={fields.length}
            currency={currency}
            disabled={disabled}
            onMove={onMove}
          />
        ))}
        {listMessage !== undefined && <p className="text-sm font-medium text-red-800">{listMessage}</p>}
        <div className="flex flex-wrap items-start gap-2">
          <Button
            variant="secondary"
            disabled={disabled || fields.length >= 100}
            onClick={() => {
              append(blankLine(lines.at(-1)?.taxRate ?? 20));
              const position = fields.length + 1;
              setAnnouncement(t`Ligne ${position} ajoutée.`);
            }}
          >
            <span aria-hidden="true">+</span> <Trans>Ajouter une ligne</Trans>
          </Button>
          {canReadProducts && (
            <ProductPicker
              currency={currency}
              disabled={disabled || fields.length >= 100}
              onPick={(line, name) => {
                append(line, { shouldFocus: false });
                const position = fields.length + 1;
                setAnnouncement(t`${name} ajouté en ligne ${position}.`);
              }}
            />
          )}
        </div>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </div>
      <LinesTotals lines={lines} currency={currency} terms={terms ?? {}} />
    </div>
  );
}
