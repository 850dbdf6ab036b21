import { productCreateSchema } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { showServerErrors, useSchemaForm } from '../../forms/use-server-form.ts';
import { trpc } from '../../trpc/client.ts';
import { DialogForm } from '../ui/dialog-form.tsx';
import { useReportDirty } from '../ui/discard-guard.tsx';
import { useToast } from '../ui/toast.tsx';
import { FormError } from './form-error.tsx';
import { newProductDefaults } from './form-values.ts';
import { useInvalidateProducts } from './invalidate.ts';
import { ProductFields } from './product-fields.tsx';

/** A new product, validated by `products.create`'s own schema before it is sent. */
export function CreateProductForm({
  onDone,
  onCancel,
  onDirty,
}: {
  onDone: () => void;
  onCancel: () => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateProducts();
  const [problem, setProblem] = useState<string>();
  const form = useSchemaForm(productCreateSchema, newProductDefaults);
  useReportDirty(form.formState.isDirty, onDirty);
  const create = useMutation(
    trpc.products.create.mutationOptions({
      onSuccess: async ({ data }) => {
        await invalidate();
        const name = data.name;
        toast(t`Produit « ${name} » créé`);
        onDone();
      },
      onError: (error) => {
        showServerErrors(form, error);
        setProblem(errorMessage(error));
      },
    }),
  );
  return (
    <DialogForm
      onSubmit={form.handleSubmit((values) => {
        setProblem(undefined);
        create.mutate(values);
      })}
      pending={create.isPending}
      problem={<FormError message={problem} />}
      onCancel={onCancel}
      submitLabel={<Trans>Créer le produit</Trans>}
    >
      <ProductFields form={form} creating />
    </DialogForm>
  );
}
