import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { getConnection, setConnection } from '@comptoir/core';
import { createOrm } from '@comptoir/db';
import { type LocalPlatform, ruleSetValidator, startLocalPlatform } from '@comptoir/local-platform';
import type { Keyring } from '@comptoir/secrets';
import { platformWebhookPath } from '@comptoir/trpc/paths';
import { z } from 'zod';
import { CliError } from './output.ts';

// `./run start`'s approved platform: packages/local-platform in the dev process, as embedded
// PostgreSQL stands in for a server, with the demo workspace connected to it, so that an invoice
// issued on this machine goes through the same submission, validation and statuses as in production.

const secretsSchema = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  webhookSecret: z.string().min(16),
});
/** The OAuth2 client and the webhook secret the local platform and the demo connection share. */
export type DevPlatformSecrets = z.infer<typeof secretsSchema>;

/**
 * The local platform's secrets, made on the first start and kept in `file` (in the git-ignored
 * .data/, owner-only), like the local ENCRYPTION_KEY: the platform keeps its flows across starts
 * and the demo connection keeps its secrets, so both must agree on the next start too. `made`
 * says whether they are new (the connection must then be set again).
 */
export function devPlatformSecrets(file: string): { secrets: DevPlatformSecrets; made: boolean } {
  mkdirSync(dirname(file), { recursive: true });
  const secret = () => randomBytes(24).toString('base64url');
  const made = { clientId: 'comptoir-dev', clientSecret: secret(), webhookSecret: `whsec_${secret()}` };
  try {
    // `wx`: never over kept secrets, nor ones another start makes at the same time.
    writeFileSync(file, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    return { secrets: made, made: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let kept: unknown;
  try {
    kept = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    kept = undefined;
  }
  const parsed = secretsSchema.safeParse(kept);
  if (!parsed.success) {
    throw new CliError(
      `${file} is not the local platform's secrets: delete it, and the next start makes new ones`,
    );
  }
  return { secrets: parsed.data, made: false };
}

export interface DevPlatformOptions {
  port: number;
  /** Where the platform keeps its flows across starts. */
  directory: string;
  /** The API's root: the platform's webhooks go to its route for the demo workspace. */
  apiBaseUrl: string;
  workspaceId: string;
  secrets: DevPlatformSecrets;
}

/** The local platform, checking what it receives with the official rule sets. */
export async function startDevPlatform(options: DevPlatformOptions): Promise<LocalPlatform> {
  try {
    return await startLocalPlatform({
      port: options.port,
      host: '127.0.0.1',
      clientId: options.secrets.clientId,
      clientSecret: options.secrets.clientSecret,
      webhookSecret: options.secrets.webhookSecret,
      webhookUrl: `${options.apiBaseUrl}${platformWebhookPath(options.workspaceId)}`,
      validate: ruleSetValidator,
      directory: options.directory,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new CliError(
        `port ${options.port} is in use: the local e-invoicing platform needs one (set DEV_PLATFORM_PORT)`,
      );
    }
    throw error;
  }
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** What the start did with the demo workspace's connection. */
export type DemoConnection =
  | { kind: 'connected'; changed: boolean }
  /** Connected to a platform elsewhere by its owner: left as it is. */
  | { kind: 'elsewhere'; baseUrl: string };

/**
 * Connects the demo workspace to the local platform, as `einvoicing connect` would. Idempotent:
 * a connection already to this platform with these secrets is left alone (setting it again would
 * start the worker's poll over), one to a local platform elsewhere (another port, other secrets)
 * is replaced, and one its owner made to a platform on another machine is kept.
 */
export async function connectDemoWorkspace(
  databaseUrl: string,
  workspaceId: string,
  platform: LocalPlatform,
  { secrets, made }: { secrets: DevPlatformSecrets; made: boolean },
  keyring: Keyring,
): Promise<DemoConnection> {
  const orm = await createOrm({ databaseUrl, poolSize: 1 });
  try {
    const current = await getConnection(orm.em.fork(), workspaceId);
    if (current.configured && current.baseUrl && !loopbackHosts.has(new URL(current.baseUrl).hostname)) {
      return { kind: 'elsewhere', baseUrl: current.baseUrl };
    }
    const same =
      !made &&
      current.baseUrl === platform.url &&
      current.authKind === 'oauth2' &&
      current.tokenUrl === platform.tokenUrl &&
      current.clientId === secrets.clientId &&
      current.organizationId === null;
    if (same) return { kind: 'connected', changed: false };
    await setConnection(
      orm.em.fork(),
      workspaceId,
      {
        baseUrl: platform.url,
        auth: {
          kind: 'oauth2',
          tokenUrl: platform.tokenUrl,
          clientId: secrets.clientId,
          clientSecret: secrets.clientSecret,
        },
        webhookSecret: secrets.webhookSecret,
      },
      keyring,
      // The platform is on this machine, over http.
      { allowPrivateTargets: true },
    );
    return { kind: 'connected', changed: true };
  } finally {
    await orm.close();
  }
}

/** The platform's control endpoints (packages/local-platform/src/server.ts), as curl lines. */
export function platformControls(platform: LocalPlatform) {
  const origin = new URL(platform.url).origin;
  const status = `${origin}/_control/flows/<flowId>/status`;
  const json = `-H 'content-type: application/json'`;
  return {
    origin,
    flows: `curl ${origin}/_control/flows`,
    approve: `curl -X POST ${json} -d '{"code":205}' ${status}`,
    refuse: `curl -X POST ${json} -d '{"code":210,"reason":{"text":"Prix erroné"}}' ${status}`,
    paid: `curl -X POST ${json} -d '{"code":212,"payment":{"amount":"120.00","currency":"EUR"}}' ${status}`,
    incoming: `curl -X POST --data-binary @facture.pdf '${origin}/_control/incoming?syntax=Factur-X&fileName=facture.pdf'`,
  };
}
