import { useLingui } from '@lingui/react/macro';
import type { CompanyRow } from './columns.tsx';

/**
 * What a save says, from the server's answer: the company is saved whatever its identifiers
 * (rulings: reported, not enforced), and the toast says which of them failed the server's check.
 */
export function useSavedMessage(): (company: CompanyRow, action: 'created' | 'saved') => string {
  const { t } = useLingui();
  return (company, action) => {
    const name = company.name;
    const siret = company.siretValid === false;
    const vat = company.vatNumberValid === false;
    if (action === 'created') {
      if (siret && vat)
        return t`Société « ${name} » créée, mais son SIRET et son numéro de TVA ne passent pas le contrôle : vérifiez-les.`;
      if (siret) return t`Société « ${name} » créée, mais son SIRET ne passe pas le contrôle : vérifiez-le.`;
      if (vat)
        return t`Société « ${name} » créée, mais son numéro de TVA ne passe pas le contrôle : vérifiez-le.`;
      return t`Société « ${name} » créée.`;
    }
    if (siret && vat)
      return t`Société « ${name} » enregistrée, mais son SIRET et son numéro de TVA ne passent pas le contrôle : vérifiez-les.`;
    if (siret)
      return t`Société « ${name} » enregistrée, mais son SIRET ne passe pas le contrôle : vérifiez-le.`;
    if (vat)
      return t`Société « ${name} » enregistrée, mais son numéro de TVA ne passe pas le contrôle : vérifiez-le.`;
    return t`Société « ${name} » enregistrée.`;
  };
}
