import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Field, inputClass } from '../../ui/field.tsx';
import { type CompanyForm, TextField } from './text-field.tsx';

const fieldset = 'grid gap-4 rounded-lg bg-white p-6 shadow-sm sm:grid-cols-2';
const legend = 'float-left mb-2 text-lg font-semibold sm:col-span-2';

/** How the business is paid: what its invoices print under the totals. */
export function PaymentFields({ form }: { form: CompanyForm }) {
  const { t } = useLingui();
  const vatOnDebits = useId();
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>
        <Trans>Paiement et mentions</Trans>
      </legend>
      <TextField
        form={form}
        name="iban"
        label={t`IBAN`}
        hint={t`Imprimé sur les factures.`}
        invalid={t`Cet IBAN n’est pas valide : vérifiez-le sur votre relevé d’identité bancaire.`}
      />
      <TextField form={form} name="bic" label={t`BIC`} invalid={t`Un BIC a 8 ou 11 lettres et chiffres.`} />
      <TextField
        form={form}
        name="paymentTermsDays"
        label={t`Délai de paiement (jours)`}
        hint={t`Entre 0 et 365 jours après l’émission.`}
        invalid={t`Un nombre entier de jours, entre 0 et 365.`}
        inputMode="numeric"
      />
      <TextField
        form={form}
        name="latePenaltyRate"
        label={t`Pénalités de retard (% par an)`}
        hint={t`Laissez vide pour le taux légal.`}
        invalid={t`Un pourcentage entre 0 et 100.`}
        inputMode="decimal"
      />
      <div className="flex items-start gap-3 sm:col-span-2">
        <input
          id={vatOnDebits}
          type="checkbox"
          {...form.register('vatOnDebits')}
          className="mt-1 size-4"
          aria-describedby={`${vatOnDebits}-hint`}
        />
        <div>
          <label htmlFor={vatOnDebits} className="font-medium text-slate-800">
            <Trans>TVA sur les débits</Trans>
          </label>
          <p id={`${vatOnDebits}-hint`} className="text-sm text-slate-600">
            <Trans>
              La TVA est due à la facturation plutôt qu’à l’encaissement ; les factures le mentionnent.
            </Trans>
          </p>
        </div>
      </div>
    </fieldset>
  );
}

/** How stock behaves in this workspace. */
export function StockFields({ form }: { form: CompanyForm }) {
  const { t } = useLingui();
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>
        <Trans>Stock</Trans>
      </legend>
      <Field
        label={t`Stock négatif`}
        hint={t`Ce que fait Comptoir quand une sortie ferait passer un produit sous zéro.`}
      >
        {(control) => (
          <select {...control} {...form.register('negativeStock')} className={inputClass}>
            <option value="block">{t`Refuser la sortie`}</option>
            <option value="allow">{t`L’autoriser`}</option>
          </select>
        )}
      </Field>
    </fieldset>
  );
}
