import { productAdjustSchema } from '@comptoir/core/schemas';
import { z } from 'zod';

export type AdjustMode = 'count' | 'delta';

/** The counted quantity an entry means: the count itself, or the stock known when the dialog opened plus the change. */
export function countedQuantity(mode: AdjustMode, value: number, current: number): number {
  // Storage keeps 4 decimals: 0.1 + 0.2 is 0.3 there, and must be here.
  return mode === 'count' ? value : Number((current + value).toFixed(4));
}

/**
 * The adjust form: `products.adjust`'s own schema (its note), plus how the person enters the
 * count: the counted quantity, or a change from the stock they saw. The quantity it comes to is
 * checked by the procedure's `countedQuantity` rule, so the browser refuses what the API would.
 */
export function adjustFormSchema(
  current: number,
  messages: { required: string; negative: (counted: number) => string },
) {
  return productAdjustSchema
    .pick({ note: true })
    .extend({ mode: z.enum(['count', 'delta']), value: z.number({ error: messages.required }) })
    .superRefine((form, ctx) => {
      if (!Number.isFinite(form.value)) return;
      const counted = countedQuantity(form.mode, form.value, current);
      const check = productAdjustSchema.shape.countedQuantity.safeParse(counted);
      if (check.success) return;
      const message = counted < 0 ? messages.negative(counted) : (check.error.issues[0]?.message ?? '');
      ctx.addIssue({ code: 'custom', path: ['value'], message });
    });
}
