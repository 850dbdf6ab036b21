import { toIso } from '@comptoir/db';
import { allEvents, type EndpointView } from './schemas.ts';

export interface EndpointRow {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  status: EndpointView['status'];
  disabled_reason: EndpointView['disabledReason'];
  secret: string;
  created_at: Date | string;
  updated_at: Date | string;
}

export const endpointColumns =
  'id, url, description, events, status, disabled_reason, secret, created_at, updated_at';

export function endpointView(row: EndpointRow): EndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.length === 0 ? [allEvents] : row.events,
    status: row.status,
    disabledReason: row.disabled_reason,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
