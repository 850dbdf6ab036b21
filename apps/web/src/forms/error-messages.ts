import { useLingui } from '@lingui/react/macro';
import { serverErrorOf } from './server-error.ts';

/**
 * What a refusal means, in the person's language: one table for the whole app, by the contract's
 * error code. A code not in it reads as the API's own message (English, but words).
 */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useLingui();
  const byCode: Record<string, string> = {
    invalid_body: t`Certains champs sont à corriger.`,
    insufficient_scope: t`Votre rôle ne permet pas cette action.`,
    insufficient_role: t`Votre rôle ne permet pas cette action.`,
    not_found: t`Cet élément n’existe plus.`,
    company_not_found: t`Cette société n’existe pas ou plus.`,
    contact_not_found: t`Ce contact n’existe pas ou plus.`,
    opportunity_not_found: t`Cette opportunité n’existe pas ou plus.`,
    invoice_not_draft: t`Cette facture n’est plus un brouillon : elle ne peut plus être modifiée.`,
    quote_not_draft: t`Ce devis n’est plus un brouillon : il ne peut plus être modifié.`,
    invalid_transition: t`Cette action n’est pas possible dans l’état actuel du document.`,
    invoice_has_payments: t`Cette facture a déjà des paiements.`,
    quote_already_invoiced: t`Ce devis a déjà été converti en facture.`,
    contact_email_duplicate: t`Un contact a déjà cette adresse e-mail.`,
    payment_exceeds_balance: t`Le paiement dépasse le reste dû.`,
    product_archived: t`Ce produit est archivé.`,
    invoice_incomplete: t`La facture est incomplète : complétez les réglages de l’espace et le client.`,
    invoice_issue_date_out_of_order: t`La date d’émission précède celle de la dernière facture.`,
    stock_quantity_mismatch: t`Le stock a changé entre-temps : rechargez et réessayez.`,
    stock_adjust_failed: t`L’ajustement du stock a échoué.`,
    last_owner: t`Un espace garde toujours au moins un propriétaire.`,
    member_exists: t`Cette personne est déjà membre de l’espace.`,
    invitation_not_found: t`Cette invitation n’existe pas.`,
    invitation_expired: t`Cette invitation a expiré : demandez-en une nouvelle.`,
    invitation_used: t`Cette invitation a déjà servi.`,
    origin_not_allowed: t`La requête vient d’une autre origine que l’application.`,
    rate_limited: t`Trop de requêtes : patientez un instant.`,
  };
  const unreachable = t`Le serveur ne répond pas. Vérifiez votre connexion, puis réessayez.`;
  return (error) => {
    const server = serverErrorOf(error);
    if (server === undefined) return unreachable;
    return byCode[server.code] ?? server.message;
  };
}
