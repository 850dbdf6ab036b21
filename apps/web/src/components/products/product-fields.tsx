import { Trans, useLingui } from '@lingui/react/macro';
import type { UseFormReturn } from 'react-hook-form';
import { Field, inputClass } from '../ui/field.tsx';
import { number, numberOrNull, type ProductFormValues, textOrNull } from './form-values.ts';

/**
 * The product's fields, shared by the creation and edit sheets. `creating` adds what only a
 * creation sets: the purchase cost and the opening stock. `wasTracked` says what turning the
 * tracking on or off will do to an existing product's stock.
 */
export function ProductFields({
  form,
  creating,
  wasTracked,
}: {
  form: UseFormReturn<ProductFormValues>;
  creating: boolean;
  wasTracked?: boolean;
}) {
  const { t } = useLingui();
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const tracked = watch('trackStock') === true;
  const decimal = { type: 'number', step: 'any', inputMode: 'decimal' } as const;
  return (
    <>
      <Field label={t`Nom`} error={errors.name?.message}>
        {(control) => (
          <input
            {...control}
            {...register('name')}
            autoComplete="off"
            data-autofocus
            className={inputClass}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label={t`Référence`} error={errors.reference?.message}>
          {(control) => (
            <input
              {...control}
              {...register('reference', { setValueAs: textOrNull })}
              className={inputClass}
            />
          )}
        </Field>
        <Field label={t`Code-barres`} error={errors.barcode?.message}>
          {(control) => (
            <input {...control} {...register('barcode', { setValueAs: textOrNull })} className={inputClass} />
          )}
        </Field>
      </div>
      <Field label={t`Unité`} hint={t`Pièce, kg, litre… (facultatif)`} error={errors.unit?.message}>
        {(control) => (
          <input {...control} {...register('unit', { setValueAs: textOrNull })} className={inputClass} />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label={t`Prix de vente HT (€)`} error={errors.unitPrice?.message}>
          {(control) => (
            <input
              {...control}
              {...decimal}
              min={0}
              {...register('unitPrice', { setValueAs: number })}
              className={inputClass}
            />
          )}
        </Field>
        <Field
          label={t`TVA (%)`}
          hint={t`En France : 20, 10, 5,5, 2,1 ou 0.`}
          error={errors.taxRate?.message}
        >
          {(control) => (
            <input
              {...control}
              {...decimal}
              min={0}
              max={100}
              {...register('taxRate', { setValueAs: number })}
              className={inputClass}
            />
          )}
        </Field>
      </div>
      {creating && (
        <Field
          label={t`Coût d’achat HT (€)`}
          hint={t`Ensuite, les entrées de stock avec un coût unitaire en font une moyenne pondérée.`}
          error={errors.costPrice?.message}
        >
          {(control) => (
            <input
              {...control}
              {...decimal}
              min={0}
              {...register('costPrice', { setValueAs: number })}
              className={inputClass}
            />
          )}
        </Field>
      )}
      <fieldset className="flex flex-col gap-4 rounded-md border border-slate-300 p-4">
        <legend className="px-1 font-medium">
          <Trans>Stock</Trans>
        </legend>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            {...register('trackStock', {
              onChange: (event: { target: { checked: boolean } }) => {
                if (!event.target.checked) {
                  setValue('stockQuantity', null);
                  setValue('stockThreshold', null);
                }
              },
            })}
            className="size-4"
          />
          <Trans>Suivre le stock de ce produit</Trans>
        </label>
        {!creating && wasTracked === false && tracked && (
          <p className="text-sm text-slate-700">
            <Trans>Le stock démarrera à 0 : ajustez-le ensuite depuis la fiche du produit.</Trans>
          </p>
        )}
        {!creating && wasTracked === true && !tracked && (
          <p className="text-sm text-slate-700">
            <Trans>La quantité en stock sera effacée ; l’historique des mouvements reste.</Trans>
          </p>
        )}
        {tracked && creating && (
          <Field label={t`Stock initial`} hint={t`Vide : 0.`} error={errors.stockQuantity?.message}>
            {(control) => (
              <input
                {...control}
                {...decimal}
                {...register('stockQuantity', { setValueAs: numberOrNull })}
                className={inputClass}
              />
            )}
          </Field>
        )}
        {tracked && (
          <Field
            label={t`Seuil d’alerte`}
            hint={t`À ce niveau ou en dessous, le produit passe en « Stock bas ». Vide : pas d’alerte.`}
            error={errors.stockThreshold?.message}
          >
            {(control) => (
              <input
                {...control}
                {...decimal}
                min={0}
                {...register('stockThreshold', { setValueAs: numberOrNull })}
                className={inputClass}
              />
            )}
          </Field>
        )}
      </fieldset>
    </>
  );
}
