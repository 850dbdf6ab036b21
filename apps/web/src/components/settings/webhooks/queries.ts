import { trpc } from '../../../trpc/client.ts';

export const endpointsPageSize = 20;
export const deliveriesPageSize = 20;

export const endpointsQuery = (page: number) =>
  trpc.webhookEndpoints.list.queryOptions({
    limit: endpointsPageSize,
    offset: (page - 1) * endpointsPageSize,
  });
export const endpointQuery = (id: string) => trpc.webhookEndpoints.get.queryOptions({ id });
export const deliveriesQuery = (id: string, page: number) =>
  trpc.webhookEndpoints.deliveries.queryOptions({
    id,
    limit: deliveriesPageSize,
    offset: (page - 1) * deliveriesPageSize,
  });
export const eventTypesQuery = () =>
  trpc.eventTypes.list.queryOptions({}, { staleTime: Number.POSITIVE_INFINITY });
