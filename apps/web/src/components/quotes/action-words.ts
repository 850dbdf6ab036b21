import { useLingui } from '@lingui/react/macro';
import type { QuoteAction } from './available-actions.ts';

export interface ActionWords {
  /** The button on the detail. */
  label: string;
  /** The confirmation's title and what it says will happen. */
  title: string;
  description: string;
  /** The confirmation's button. */
  confirm: string;
  /** The toast once done. */
  done: string;
  variant: 'primary' | 'danger';
}

/** Each action in words, in the active language: its button, its confirmation, its result. */
export function useActionWords(): Record<QuoteAction, ActionWords> {
  const { t } = useLingui();
  return {
    send: {
      label: t`Marquer comme envoyé`,
      title: t`Marquer ce devis comme envoyé ?`,
      description: t`Le devis reçoit son numéro et ne peut plus être modifié. Sa validité court à partir d’aujourd’hui. Aucun e-mail n’est envoyé : transmettez le PDF au client.`,
      confirm: t`Marquer comme envoyé`,
      done: t`Devis marqué comme envoyé.`,
      variant: 'primary',
    },
    requestSignature: {
      label: t`Demander la signature`,
      title: t`Demander la signature du client ?`,
      description: t`Le devis passe « En signature » jusqu’à ce que le client le signe ou le refuse.`,
      confirm: t`Demander la signature`,
      done: t`Signature demandée.`,
      variant: 'primary',
    },
    accept: {
      label: t`Marquer comme accepté`,
      title: t`Le client a accepté ce devis ?`,
      description: t`Le devis est marqué accepté, signé aujourd’hui. Vous pourrez ensuite le convertir en facture.`,
      confirm: t`Marquer comme accepté`,
      done: t`Devis accepté.`,
      variant: 'primary',
    },
    reject: {
      label: t`Marquer comme refusé`,
      title: t`Le client a refusé ce devis ?`,
      description: t`Le devis est marqué refusé. Ce choix est définitif : il ne pourra plus être accepté.`,
      confirm: t`Marquer comme refusé`,
      done: t`Devis marqué comme refusé.`,
      variant: 'danger',
    },
    archive: {
      label: t`Archiver`,
      title: t`Archiver ce devis ?`,
      description: t`Le devis reste consultable dans la liste, au statut « Archivé », mais plus aucune action n’est possible.`,
      confirm: t`Archiver`,
      done: t`Devis archivé.`,
      variant: 'danger',
    },
    delete: {
      label: t`Supprimer le brouillon`,
      title: t`Supprimer ce brouillon ?`,
      description: t`Le brouillon disparaît de la liste. Cette action est définitive.`,
      confirm: t`Supprimer`,
      done: t`Brouillon supprimé.`,
      variant: 'danger',
    },
    convert: {
      label: t`Convertir en facture`,
      title: t`Convertir ce devis en facture ?`,
      description: t`Une facture brouillon est créée avec le client et les lignes du devis. Vous pourrez la relire avant de l’envoyer.`,
      confirm: t`Créer la facture`,
      done: t`Facture brouillon créée depuis le devis.`,
      variant: 'primary',
    },
  };
}
