import { useLingui } from '@lingui/react/macro';
import type { IdentifierStatus } from './identifier-checks.ts';

const tones: Record<IdentifierStatus, string> = {
  valid: 'text-green-800',
  invalid: 'text-red-800',
  absent: 'text-slate-600',
  unchecked: 'text-slate-700',
};

// A mark beside the words, never instead of them: the status reads the same without colour.
const marks: Record<IdentifierStatus, string> = { valid: '✓', invalid: '✗', absent: '–', unchecked: '?' };

/** What a SIRET or VAT number check says, in words (and a mark), for a list cell or under a field. */
export function IdentifierCheck({
  kind,
  status,
  live = false,
}: {
  kind: 'siret' | 'vat';
  status: IdentifierStatus;
  /** Under a field: announced as it changes while the person types. */
  live?: boolean;
}) {
  const words = useCheckWords()[kind][status];
  return (
    <span
      className={`inline-flex items-center gap-1 text-sm font-medium ${tones[status]}`}
      aria-live={live ? 'polite' : undefined}
      data-check={status}
    >
      <span aria-hidden="true">{marks[status]}</span>
      {words}
    </span>
  );
}

function useCheckWords(): Record<'siret' | 'vat', Record<IdentifierStatus, string>> {
  const { t } = useLingui();
  return {
    siret: {
      valid: t`SIRET valide`,
      invalid: t`SIRET invalide`,
      absent: t`Sans SIRET`,
      unchecked: t`SIRET non vérifié`,
    },
    vat: {
      valid: t`TVA valide`,
      invalid: t`TVA invalide`,
      absent: t`Sans numéro de TVA`,
      unchecked: t`TVA non vérifiée (hors France)`,
    },
  };
}

/** What an invalid or unchecked identifier means, under its field. */
export function useCheckExplanations(): Record<'siret' | 'vat', Partial<Record<IdentifierStatus, string>>> {
  const { t } = useLingui();
  return {
    siret: {
      invalid: t`Un SIRET a 14 chiffres, dont le dernier est une clé de contrôle. Il sera enregistré tel quel : vérifiez-le sur un document de la société.`,
      absent: t`14 chiffres, espaces permis.`,
    },
    vat: {
      invalid: t`La clé (les 2 chiffres après FR) ne correspond pas au SIREN. Il sera enregistré tel quel : vérifiez-le.`,
      unchecked: t`Seule la clé des numéros français (FR…) est vérifiée.`,
      absent: t`Par exemple FR44 732829320.`,
    },
  };
}
