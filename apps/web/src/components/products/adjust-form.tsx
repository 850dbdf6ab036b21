import type { ProductView } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { serverErrorOf } from '../../forms/server-error.ts';
import { useSchemaForm } from '../../forms/use-server-form.ts';
import { trpc } from '../../trpc/client.ts';
import { Field, inputClass } from '../ui/field.tsx';
import { FormActions } from '../ui/form-actions.tsx';
import { useToast } from '../ui/toast.tsx';
import { adjustFormSchema, countedQuantity } from './adjust-schema.ts';
import { FormError } from './form-error.tsx';
import { number } from './form-values.ts';
import { useInvalidateProducts } from './invalidate.ts';
import { formatDelta, formatQuantity } from './quantities.ts';

/**
 * Sets a product's stock to a count. The stock the person saw goes with it (`expectedQuantity`):
 * if it changed meanwhile, the API refuses (stock_quantity_mismatch), the form says so with the
 * new stock, and nothing is applied until the person sends again.
 */
export function AdjustForm({ product, onDone }: { product: ProductView; onDone: () => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateProducts();
  const queryClient = useQueryClient();
  const [expected, setExpected] = useState(product.stockQuantity ?? 0);
  const [problem, setProblem] = useState<string>();
  const schema = useMemo(
    () =>
      adjustFormSchema(expected, {
        required: t`Saisissez un nombre.`,
        negative: (counted) => {
          const result = formatQuantity(counted);
          return t`Le stock deviendrait négatif (${result}) : un inventaire compte 0 ou plus.`;
        },
      }),
    [expected, t],
  );
  const form = useSchemaForm(schema, { mode: 'count', value: Number.NaN, note: '' });
  const { register, watch, formState } = form;
  const mode = watch('mode');
  const value = watch('value');
  const counted = Number.isFinite(value) ? countedQuantity(mode, value, expected) : undefined;
  const name = product.name;
  const adjust = useMutation(
    trpc.products.adjust.mutationOptions({
      onSuccess: async ({ data }) => {
        await invalidate();
        const before = formatQuantity(data.before);
        const after = formatQuantity(data.after);
        toast(t`Stock de « ${name} » : ${before} → ${after}`);
        onDone();
      },
      onError: async (error) => {
        setProblem(errorMessage(error));
        if (serverErrorOf(error)?.code !== 'stock_quantity_mismatch') return;
        // The stock moved since the dialog opened: show the new one, and check against it next time.
        await invalidate();
        const fresh = queryClient.getQueryData(trpc.products.get.queryKey({ id: product.id }));
        if (fresh?.data.stockQuantity != null) setExpected(fresh.data.stockQuantity);
      },
    }),
  );
  const current = formatQuantity(expected);
  const next = counted === undefined ? undefined : formatQuantity(counted);
  const change = counted === undefined ? undefined : formatDelta(counted - expected);
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => {
        setProblem(undefined);
        const note = values.note?.trim();
        adjust.mutate({
          id: product.id,
          countedQuantity: countedQuantity(values.mode, values.value, expected),
          expectedQuantity: expected,
          ...(note ? { note } : {}),
        });
      })}
    >
      <p aria-live="polite">
        <Trans>
          Stock actuel : <strong>{current}</strong>
        </Trans>
      </p>
      <fieldset disabled={adjust.isPending} className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="font-medium text-slate-800">
            <Trans>Je saisis</Trans>
          </legend>
          <label className="flex items-center gap-2">
            <input type="radio" value="count" {...register('mode')} data-autofocus className="size-4" />
            <Trans>la quantité comptée</Trans>
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="delta" {...register('mode')} className="size-4" />
            <Trans>une variation (+ entrée, − sortie)</Trans>
          </label>
        </fieldset>
        <Field
          label={mode === 'count' ? t`Quantité comptée` : t`Variation`}
          hint={next === undefined ? undefined : t`Nouveau stock : ${next} (variation ${change})`}
          error={formState.errors.value?.message}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              step="any"
              inputMode="decimal"
              {...register('value', { setValueAs: number })}
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label={t`Motif`}
          hint={t`Facultatif : qui a compté, ou pourquoi. Gardé dans l’historique.`}
          error={formState.errors.note?.message}
        >
          {(control) => <input {...control} {...register('note')} maxLength={280} className={inputClass} />}
        </Field>
      </fieldset>
      <FormError message={problem} />
      <FormActions
        pending={adjust.isPending}
        onCancel={onDone}
        submitLabel={<Trans>Ajuster le stock</Trans>}
      />
    </form>
  );
}
