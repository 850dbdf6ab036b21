import { type CreatedKey, workspaceKeyCreateSchema } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { useErrorMessage } from '../../../forms/error-messages.ts';
import { showServerErrors, useSchemaForm } from '../../../forms/use-server-form.ts';
import { trpc } from '../../../trpc/client.ts';
import { Field, inputClass } from '../../ui/field.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { useInvalidateKeys } from '../invalidate.ts';
import { ScopesTable } from './scopes-table.tsx';

export interface KeyFormValues {
  name: string;
  scopes: string[];
  /** A day (`2027-06-30`): the key works until that day ends, in UTC. */
  expiresAt: string;
  rateLimitPerMinute: string;
}

/** keys.create's own schema, read through what the form holds. */
const keyFormSchema = z.preprocess(
  (values: KeyFormValues) => ({
    scopes: values.scopes,
    ...(values.name.trim() === '' ? {} : { name: values.name.trim() }),
    ...(values.expiresAt === '' ? {} : { expiresAt: `${values.expiresAt}T23:59:59.999Z` }),
    ...(values.rateLimitPerMinute.trim() === ''
      ? {}
      : { rateLimitPerMinute: Number(values.rateLimitPerMinute.trim()) }),
  }),
  workspaceKeyCreateSchema,
);

const today = () => new Date().toISOString().slice(0, 10);

export function KeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (key: CreatedKey) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateKeys();
  const [refusal, setRefusal] = useState<string | undefined>();
  const form = useSchemaForm(keyFormSchema, { name: '', scopes: [], expiresAt: '', rateLimitPerMinute: '' });
  const create = useMutation(
    trpc.keys.create.mutationOptions({
      onSuccess: async ({ data }) => {
        onCreated(data);
        await invalidate();
      },
      onError: (error) => {
        if (!showServerErrors(form, error)) setRefusal(errorMessage(error));
      },
    }),
  );
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((input) => {
        setRefusal(undefined);
        create.mutate(input);
      })}
      className="flex flex-col gap-4"
    >
      {refusal !== undefined && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800">
          {refusal}
        </p>
      )}
      <fieldset disabled={create.isPending} className="flex flex-col gap-4">
        <Field
          label={t`Nom`}
          hint={t`Pour la reconnaître : le programme qui l’utilise.`}
          error={errors.name?.message}
        >
          {(control) => (
            <input {...control} {...form.register('name')} autoComplete="off" className={inputClass} />
          )}
        </Field>
        <ScopesTable register={form.register('scopes')} error={errors.scopes?.message} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t`Expire le`}
            hint={t`Facultatif : sans date, la clé marche jusqu’à sa révocation.`}
            error={errors.expiresAt?.message}
          >
            {(control) => (
              <input
                {...control}
                {...form.register('expiresAt')}
                type="date"
                min={today()}
                className={inputClass}
              />
            )}
          </Field>
          <Field
            label={t`Limite de requêtes par minute`}
            hint={t`Facultatif : la limite de l’espace sinon.`}
            error={errors.rateLimitPerMinute?.message}
          >
            {(control) => (
              <input
                {...control}
                {...form.register('rateLimitPerMinute')}
                inputMode="numeric"
                className={inputClass}
              />
            )}
          </Field>
        </div>
      </fieldset>
      <FormActions pending={create.isPending} onCancel={onCancel} submitLabel={<Trans>Créer la clé</Trans>} />
    </form>
  );
}
