/**
 * The invoice lifecycle statuses of the French e-invoicing reform (the "CDV" codes carried by a CDAR
 * message's ProcessConditionCode, MDT-105), with Comptoir's names for them.
 *
 * `pending` and `submitted` are Comptoir's own stages before the platform has said anything.
 */

export const platformStatuses = [
  { code: 200, name: 'deposited', label: 'Déposée' },
  { code: 201, name: 'issued', label: 'Émise par la plateforme' },
  { code: 202, name: 'received', label: 'Reçue par la plateforme' },
  { code: 203, name: 'made_available', label: 'Mise à disposition' },
  { code: 204, name: 'in_process', label: 'Prise en charge' },
  { code: 205, name: 'approved', label: 'Approuvée' },
  { code: 206, name: 'partially_approved', label: 'Approuvée partiellement' },
  { code: 207, name: 'disputed', label: 'En litige' },
  { code: 208, name: 'suspended', label: 'Suspendue' },
  { code: 209, name: 'completed', label: 'Complétée' },
  { code: 210, name: 'refused', label: 'Refusée' },
  { code: 211, name: 'payment_transmitted', label: 'Paiement transmis' },
  { code: 212, name: 'paid', label: 'Encaissée' },
  { code: 213, name: 'rejected', label: 'Rejetée' },
] as const;

export type PlatformStatus = (typeof platformStatuses)[number]['name'];
export type PlatformStatusCode = (typeof platformStatuses)[number]['code'];
export type EinvoiceStatus = 'pending' | 'submitted' | PlatformStatus;

export const einvoiceStatuses: readonly EinvoiceStatus[] = [
  'pending',
  'submitted',
  ...platformStatuses.map((status) => status.name),
];

const byCode = new Map<number, (typeof platformStatuses)[number]>(platformStatuses.map((s) => [s.code, s]));
const byName = new Map<string, (typeof platformStatuses)[number]>(platformStatuses.map((s) => [s.name, s]));

/** Our name for a lifecycle code, or null for a code this model does not know (214 Visée, 220 Annulée...). */
export function statusOfCode(code: number): PlatformStatus | null {
  return byCode.get(code)?.name ?? null;
}

export function codeOfStatus(status: PlatformStatus): PlatformStatusCode {
  const found = byName.get(status);
  if (!found) throw new Error(`Unknown platform status ${status}`);
  return found.code;
}

export function labelOfStatus(status: PlatformStatus): string {
  const found = byName.get(status);
  if (!found) throw new Error(`Unknown platform status ${status}`);
  return found.label;
}

// Reports reach us out of order (a webhook and a poll racing, a platform resending), so the status an
// invoice shows is the furthest one reported, not the last one received. The codes are not in
// lifecycle order: a dispute (207) or a suspension (208) comes before an approval (205) ends it, so
// each status gets its place here. Refusal, cashing and rejection end the lifecycle: once one is
// reached, nothing reported later moves the invoice (only a new submission, which core handles).
const rank: Record<EinvoiceStatus, number> = {
  pending: 0,
  submitted: 1,
  deposited: 2,
  issued: 3,
  received: 4,
  made_available: 5,
  in_process: 6,
  suspended: 7,
  completed: 8,
  disputed: 9,
  partially_approved: 10,
  approved: 11,
  payment_transmitted: 12,
  refused: 13,
  paid: 13,
  rejected: 13,
};

const finalStatuses: ReadonlySet<EinvoiceStatus> = new Set(['refused', 'paid', 'rejected']);

/** The position of a status in the lifecycle: a later status has a greater rank. */
export function statusRank(status: EinvoiceStatus): number {
  return rank[status];
}

/** Whether the lifecycle has ended: nothing reported afterwards changes the status. */
export function isFinalStatus(status: EinvoiceStatus): boolean {
  return finalStatuses.has(status);
}

/**
 * The status after a report: the reported one when it is further along than the current one, else the
 * current one unchanged (a late, duplicate or out-of-order report changes nothing).
 */
export function nextStatus(current: EinvoiceStatus, reported: EinvoiceStatus): EinvoiceStatus {
  if (isFinalStatus(current)) return current;
  return rank[reported] > rank[current] ? reported : current;
}

/** Whether a report would change the current status (the caller records a history entry only then). */
export function isAdvance(current: EinvoiceStatus, reported: EinvoiceStatus): boolean {
  return nextStatus(current, reported) !== current;
}
