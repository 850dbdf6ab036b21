import { workspaceKeyCreateSchema } from '@comptoir/core/schemas';
import { useLingui } from '@lingui/react/macro';
import type { z } from 'zod';

/** The scopes keys.create takes, read from its own schema. */
const scopeSchema = workspaceKeyCreateSchema.shape.scopes.element;
export type Scope = z.infer<typeof scopeSchema>;

/** What a key can reach, one row per kind of record: its read scope and its write scope. */
export const scopeResources: string[] = [
  ...new Set(scopeSchema.options.map((scope) => scope.slice(scope.indexOf(':') + 1))),
];

export const scopeOf = (access: 'read' | 'write', resource: string) => `${access}:${resource}` as Scope;

export function useResourceLabels(): Record<string, string> {
  const { t } = useLingui();
  return {
    invoices: t`Factures et avoirs`,
    quotes: t`Devis`,
    contacts: t`Contacts et sociétés`,
    opportunities: t`Opportunités`,
    products: t`Produits et stock`,
    webhooks: t`Webhooks et événements`,
    workspace: t`Réglages de l’espace`,
    purchases: t`Factures fournisseurs`,
  };
}
