import { receivePlatformWebhook } from '@comptoir/core';
import type { MikroORM } from '@comptoir/db';
import type { Keyring } from '@comptoir/secrets';
import { platformWebhookPath } from '@comptoir/trpc/paths';
import type { FastifyPluginAsync } from 'fastify';

export interface EinvoicingWebhooksOptions {
  orm: MikroORM;
  keyring: Keyring;
}

/**
 * The platform's webhooks: checked against the workspace's connection (its webhook secret
 * signs `timestamp.body`), then applied. The signature covers the body's bytes, so this route
 * takes its body raw (its own parser, in this plugin only). A refused call is 401 in the
 * contract's envelope, and changes nothing.
 */
export const einvoicingWebhooksPlugin: FastifyPluginAsync<EinvoicingWebhooksOptions> = async (
  app,
  options,
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post<{ Params: { workspaceId: string }; Body: Buffer }>(
    platformWebhookPath(':workspaceId'),
    async (request, reply) => {
      await receivePlatformWebhook(
        options.orm.em.fork(),
        request.params.workspaceId,
        { body: request.body ?? Buffer.alloc(0), headers: request.headers },
        options.keyring,
      );
      return reply.code(204).send();
    },
  );
};
