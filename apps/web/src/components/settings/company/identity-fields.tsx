import { Trans, useLingui } from '@lingui/react/macro';
import { type CompanyForm, TextField } from './text-field.tsx';

const fieldset = 'grid gap-4 rounded-lg bg-white p-6 shadow-sm sm:grid-cols-2';
const legend = 'float-left mb-2 text-lg font-semibold sm:col-span-2';

/** Who the business is, as its invoices and quotes print it. */
export function IdentityFields({ form }: { form: CompanyForm }) {
  const { t } = useLingui();
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>
        <Trans>Identité légale</Trans>
      </legend>
      <TextField
        form={form}
        name="name"
        label={t`Nom de l’espace`}
        hint={t`Le nom que voient les membres dans Comptoir.`}
        autoComplete="organization"
      />
      <TextField
        form={form}
        name="legalName"
        label={t`Raison sociale`}
        hint={t`Imprimée sur les documents.`}
      />
      <TextField form={form} name="legalForm" label={t`Forme juridique`} hint={t`SAS, SARL, EI…`} />
      <TextField
        form={form}
        name="shareCapital"
        label={t`Capital social (€)`}
        invalid={t`Un montant en euros, positif, à 2 décimales au plus.`}
        inputMode="decimal"
      />
      <TextField
        form={form}
        name="siren"
        label={t`SIREN`}
        hint={t`9 chiffres.`}
        invalid={t`Ce SIREN n’est pas valide : 9 chiffres dont le dernier est une clé de contrôle.`}
        inputMode="numeric"
      />
      <TextField
        form={form}
        name="siret"
        label={t`SIRET`}
        hint={t`14 chiffres, commençant par le SIREN.`}
        invalid={t`Ce SIRET n’est pas valide : 14 chiffres avec leur clé, commençant par le SIREN.`}
        inputMode="numeric"
      />
      <TextField
        form={form}
        name="vatNumber"
        label={t`Numéro de TVA intracommunautaire`}
        hint={t`Par exemple FR 12 345678901.`}
        invalid={t`Ce numéro de TVA n’est pas valide : en France, FR, une clé de 2 chiffres, puis le SIREN.`}
      />
      <TextField form={form} name="rcsCity" label={t`Ville du RCS`} hint={t`Le greffe d’immatriculation.`} />
    </fieldset>
  );
}

/** Where the business is: the address its documents print. */
export function AddressFields({ form }: { form: CompanyForm }) {
  const { t } = useLingui();
  return (
    <fieldset className={fieldset}>
      <legend className={legend}>
        <Trans>Adresse</Trans>
      </legend>
      <TextField
        form={form}
        name="address.lines.0"
        label={t`Adresse`}
        autoComplete="address-line1"
        className="sm:col-span-2"
      />
      <TextField
        form={form}
        name="address.lines.1"
        label={t`Complément d’adresse`}
        autoComplete="address-line2"
        className="sm:col-span-2"
      />
      <TextField
        form={form}
        name="address.lines.2"
        label={t`Complément d’adresse (suite)`}
        autoComplete="address-line3"
        className="sm:col-span-2"
      />
      <TextField form={form} name="address.postalCode" label={t`Code postal`} autoComplete="postal-code" />
      <TextField form={form} name="address.city" label={t`Ville`} autoComplete="address-level2" />
      <TextField
        form={form}
        name="address.countryCode"
        label={t`Pays`}
        hint={t`Code ISO à deux lettres : FR, BE…`}
        invalid={t`Un code de pays ISO à deux lettres majuscules : FR, BE…`}
        autoComplete="country"
      />
    </fieldset>
  );
}
