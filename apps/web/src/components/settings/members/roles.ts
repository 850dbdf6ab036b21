import { type Role, roles } from '@comptoir/core/schemas';
import { useLingui } from '@lingui/react/macro';

export type { Role };
export { roles };

/** A role's name, and what it allows in a few words. */
export function useRoleLabels(): Record<Role, { name: string; does: string }> {
  const { t } = useLingui();
  return {
    owner: { name: t`Propriétaire`, does: t`Tout, y compris les membres et les clés d’API.` },
    accountant: {
      name: t`Comptable`,
      does: t`Factures, paiements, avoirs et achats ; consulte le reste.`,
    },
    sales: {
      name: t`Commercial`,
      does: t`Contacts, sociétés, opportunités, devis et brouillons de facture.`,
    },
    stock: { name: t`Stock`, does: t`Produits et mouvements de stock.` },
  };
}
