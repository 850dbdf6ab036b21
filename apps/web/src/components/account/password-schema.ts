import { passwordLength } from '@comptoir/core/schemas';
import { useLingui } from '@lingui/react/macro';
import { z } from 'zod';

/** A new password typed twice, within better-auth's limits (core's passwordLength). */
export function useNewPasswordSchema() {
  const { t } = useLingui();
  const { min, max } = passwordLength;
  return z
    .object({
      password: z
        .string()
        .min(min, { error: t`Au moins ${min} caractères.` })
        .max(max, { error: t`Au plus ${max} caractères.` }),
      confirm: z.string(),
    })
    .refine((values) => values.password === values.confirm, {
      path: ['confirm'],
      error: t`Les deux mots de passe ne sont pas les mêmes.`,
    });
}
