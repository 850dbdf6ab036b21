import type { opportunityPriorities } from '@comptoir/core/schemas';
import { useLingui } from '@lingui/react/macro';

export type OpportunityPriority = (typeof opportunityPriorities)[number];

export function usePriorityLabels(): Record<OpportunityPriority, string> {
  const { t } = useLingui();
  return { low: t`Basse`, normal: t`Normale`, high: t`Haute`, urgent: t`Urgente` };
}

export const isPriority = (value: string | null): value is OpportunityPriority =>
  value === 'low' || value === 'normal' || value === 'high' || value === 'urgent';
