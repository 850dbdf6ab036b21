import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { serverErrorOf } from './server-error.ts';

/**
 * A form validated by the procedure's own zod schema (from `@comptoir/core/schemas`, picked or
 * extended, never copied), so the browser refuses what the server would, and says so the same way.
 */
export function useSchemaForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  defaultValues: DefaultValues<z.input<TSchema>>,
): UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>> {
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    // biome-ignore lint/suspicious/noExplicitAny: the resolver's generics do not follow zod 4's input/output split.
    resolver: zodResolver(schema as any) as any,
    defaultValues,
    mode: 'onTouched',
  });
}

/**
 * Puts the API's `details` on the fields they name (`lines.0.quantity`), so a refused form shows
 * each problem beside its field and keeps everything typed. Returns whether any detail landed
 * on a field; the caller shows the rest as a message.
 */
export function showServerErrors<TValues extends FieldValues>(
  form: Pick<UseFormReturn<TValues>, 'setError' | 'getValues'>,
  error: unknown,
): boolean {
  const server = serverErrorOf(error);
  if (server === undefined) return false;
  let placed = false;
  for (const detail of server.details) {
    if (detail.path === '(root)') continue;
    form.setError(detail.path as Path<TValues>, { type: 'server', message: detail.message });
    placed = true;
  }
  return placed;
}
