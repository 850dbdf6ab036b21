// Paths of the API that other parts of the system hand out, in a module of their own so that a
// launcher (the CLI) can name them without loading the routers.

/** Where a workspace's approved platform sends its webhooks (new flows, acknowledgements). */
export const platformWebhookPath = (workspaceId: string) => `/einvoicing/webhooks/${workspaceId}`;
