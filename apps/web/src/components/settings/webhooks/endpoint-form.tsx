import { endpointCreateSchema } from '@comptoir/core/schemas';
import { useLingui } from '@lingui/react/macro';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { useSchemaForm } from '../../../forms/use-server-form.ts';
import { DialogForm } from '../../ui/dialog-form.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { EventsField } from './events-field.tsx';

export interface EndpointFormValues {
  url: string;
  description: string;
  allEvents: boolean;
  events: string[];
}

export type EndpointInput = z.output<typeof endpointCreateSchema>;
export type EndpointFormApi = UseFormReturn<EndpointFormValues, unknown, EndpointInput>;

/** The create schema, read through the form: `*` when every event is wanted. */
const endpointFormSchema = z.preprocess(
  (values: EndpointFormValues) => ({
    url: values.url.trim(),
    description: values.description,
    events: values.allEvents ? ['*'] : values.events,
  }),
  endpointCreateSchema,
);

export function endpointFormValues(endpoint?: {
  url: string;
  description: string | null;
  events: string[];
}): EndpointFormValues {
  const all = endpoint === undefined || endpoint.events.includes('*');
  return {
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    allEvents: all,
    events: all ? [] : (endpoint?.events ?? []),
  };
}

/** An endpoint's URL, description and events, for its creation and its changes alike. */
export function EndpointForm({
  initial,
  pending,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: EndpointFormValues;
  pending: boolean;
  submitLabel: string;
  /** Called with the parsed input and the form, on which the server's details can be put. */
  onSubmit: (input: EndpointInput, form: EndpointFormApi) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const form = useSchemaForm(endpointFormSchema, initial);
  const errors = form.formState.errors;
  return (
    <DialogForm
      onSubmit={form.handleSubmit((input) => onSubmit(input, form))}
      pending={pending}
      onCancel={onCancel}
      submitLabel={submitLabel}
    >
      <Field
        label={t`URL`}
        hint={t`Comptoir y envoie chaque événement par POST, signé (Standard Webhooks).`}
        error={errors.url?.message}
      >
        {(control) => (
          <input
            {...control}
            {...form.register('url')}
            type="url"
            placeholder="https://"
            autoComplete="url"
            className={inputClass}
          />
        )}
      </Field>
      <Field label={t`Description`} hint={t`Facultatif.`} error={errors.description?.message}>
        {(control) => <input {...control} {...form.register('description')} className={inputClass} />}
      </Field>
      <EventsField
        all={form.watch('allEvents')}
        registerAll={form.register('allEvents')}
        registerEvents={form.register('events')}
        error={errors.events?.message}
      />
    </DialogForm>
  );
}
