import { type ProductUpdate, type ProductView, productUpdateSchema } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { showServerErrors, useSchemaForm } from '../../forms/use-server-form.ts';
import { trpc } from '../../trpc/client.ts';
import { DialogForm } from '../ui/dialog-form.tsx';
import { useReportDirty } from '../ui/discard-guard.tsx';
import { useToast } from '../ui/toast.tsx';
import { FormError } from './form-error.tsx';
import { editDefaults, type ProductFormValues } from './form-values.ts';
import { useInvalidateProducts } from './invalidate.ts';
import { ProductFields } from './product-fields.tsx';

/** Changes to a product, validated by `products.update`'s own schema (its `patch`). */
export function EditProductForm({
  product,
  onDone,
  onCancel,
  onDirty,
}: {
  product: ProductView;
  onDone: () => void;
  onCancel: () => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateProducts();
  const [problem, setProblem] = useState<string>();
  const form = useSchemaForm(productUpdateSchema, editDefaults(product));
  useReportDirty(form.formState.isDirty, onDirty);
  const update = useMutation(
    trpc.products.update.mutationOptions({
      onSuccess: async ({ data }) => {
        await invalidate();
        const name = data.name;
        toast(t`Produit « ${name} » enregistré`);
        onDone();
      },
      onError: (error) => {
        // The API names the fields inside the call's `patch` (`patch.name`): the form's are bare.
        showServerErrors(
          {
            getValues: form.getValues,
            setError: (path, error) =>
              form.setError(String(path).replace(/^patch\./, '') as Path<ProductUpdate>, error),
          },
          error,
        );
        setProblem(errorMessage(error));
      },
    }),
  );
  // The edit form's fields are a part of the creation form's (no purchase cost, no opening stock).
  const fields = form as unknown as UseFormReturn<ProductFormValues>;
  return (
    <DialogForm
      onSubmit={form.handleSubmit((patch) => {
        setProblem(undefined);
        update.mutate({ id: product.id, patch });
      })}
      pending={update.isPending}
      problem={<FormError message={problem} />}
      onCancel={onCancel}
      submitDisabled={!form.formState.isDirty}
      submitLabel={<Trans>Enregistrer</Trans>}
    >
      <ProductFields form={fields} creating={false} wasTracked={product.trackStock} />
    </DialogForm>
  );
}
