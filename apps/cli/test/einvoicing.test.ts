import {
  claimDueSubmissions,
  createInvoice,
  pollPlatform,
  sendInvoice,
  setConnection,
  submitDocument,
} from '@comptoir/core';
import { factories } from '@comptoir/core/factories';
import { renderDocument } from '@comptoir/documents/render';
import { type LocalPlatform, ruleSetValidator, startLocalPlatform } from '@comptoir/local-platform';
import { createTestDatabase, type TestDatabase, testKeyring } from '@comptoir/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliAsync } from './run-cli.ts';

// `einvoicing connect|show|disconnect|test` and `invoice einvoice`: core's use cases from the
// command line, against a local approved platform this file starts (packages/local-platform,
// checking what it receives with the official rule sets, as `./run start` does).

let db: TestDatabase;
let platform: LocalPlatform;
const credentials = { clientId: 'comptoir-cli', clientSecret: 'client-secret-of-the-cli-test' };
const webhookSecret = 'whsec-shared-with-the-platform';

beforeAll(async () => {
  db = await createTestDatabase();
  platform = await startLocalPlatform({ ...credentials, webhookSecret, validate: ruleSetValidator });
});
afterAll(async () => {
  await platform.stop();
  await db.drop();
});

/** The platform is on this machine, over http: the operator's setting that allows it. */
const privateTargets = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' };

async function sellerWorkspace() {
  const make = factories(db.orm);
  const workspace = await make.workspace();
  await make.seller(workspace.id);
  return workspace.id;
}

const connectArgs = (workspaceId: string, clientSecret = credentials.clientSecret) => [
  'einvoicing',
  'connect',
  '--workspace',
  workspaceId,
  '--base-url',
  platform.url,
  '--token-url',
  platform.tokenUrl,
  '--client-id',
  credentials.clientId,
  '--client-secret',
  clientSecret,
  '--webhook-secret',
  webhookSecret,
  '--json',
];

describe('einvoicing connect, show, test, disconnect', () => {
  it('connects a workspace, shows the connection without its secrets, tests it, and disconnects it', async () => {
    const workspaceId = await sellerWorkspace();
    const connected = runCli(connectArgs(workspaceId), db.url, {
      ...privateTargets,
      PUBLIC_BASE_URL: 'https://comptoir.example.com',
    });
    expect(connected.stderr).toBe('');
    expect(connected.status).toBe(0);
    expect(JSON.parse(connected.last)).toMatchObject({
      workspaceId,
      connection: {
        configured: true,
        baseUrl: platform.url,
        authKind: 'oauth2',
        tokenUrl: platform.tokenUrl,
        clientId: credentials.clientId,
      },
      webhookUrl: `https://comptoir.example.com/einvoicing/webhooks/${workspaceId}`,
    });

    const shown = runCli(['einvoicing', 'show', '--workspace', workspaceId, '--json'], db.url);
    expect(shown.status).toBe(0);
    expect(JSON.parse(shown.last).connection).toMatchObject({ configured: true, baseUrl: platform.url });
    const human = runCli(['einvoicing', 'show', '--workspace', workspaceId], db.url);
    expect(human.stdout).toContain(`Platform: ${platform.url}`);
    for (const output of [connected.stdout, shown.stdout, human.stdout]) {
      expect(output).not.toContain(credentials.clientSecret);
      expect(output).not.toContain(webhookSecret);
    }

    const tested = await runCliAsync(['einvoicing', 'test', '--workspace', workspaceId, '--json'], db.url);
    expect(tested.stderr).toBe('');
    expect(JSON.parse(tested.last)).toEqual({ workspaceId, ok: true });

    const disconnected = runCli(['einvoicing', 'disconnect', '--workspace', workspaceId, '--json'], db.url);
    expect(JSON.parse(disconnected.last)).toEqual({ workspaceId, disconnected: true });
    const none = runCli(['einvoicing', 'show', '--workspace', workspaceId, '--json'], db.url);
    expect(JSON.parse(none.last)).toEqual({
      workspaceId,
      connection: expect.objectContaining({ configured: false, baseUrl: null }),
      webhookUrl: null,
    });
  });

  it('fails, saying why: credentials the platform refuses, no key, a private URL not allowed, both kinds of credentials', async () => {
    const workspaceId = await sellerWorkspace();
    expect(runCli(connectArgs(workspaceId, 'not-the-secret'), db.url, privateTargets).status).toBe(0);
    const refused = await runCliAsync(['einvoicing', 'test', '--workspace', workspaceId, '--json'], db.url);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /^error: the platform at .+ refused our credentials: .*\(unauthorized\)\n$/,
    );

    const noKey = runCli(connectArgs(workspaceId), db.url, { ...privateTargets, ENCRYPTION_KEY: '' });
    expect(noKey.status).toBe(1);
    expect(noKey.stderr).toMatch(/ENCRYPTION_KEY is not set: einvoicing connect/);

    const strict = runCli(connectArgs(workspaceId), db.url, { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
    expect(strict.status).toBe(1);
    expect(strict.stderr).toMatch(/^error: baseUrl must use https \(invalid_body\)/);

    const both = runCli([...connectArgs(workspaceId), '--token', 'a-bearer-token'], db.url, privateTargets);
    expect(both.status).toBe(1);
    expect(both.stderr).toMatch(/--token or the OAuth2 client/);
  });
});

describe('invoice einvoice', () => {
  it('reads where an invoice stands with the platform, and its history, once sent and submitted', async () => {
    const workspaceId = await sellerWorkspace();
    await setConnection(
      db.orm.em.fork(),
      workspaceId,
      {
        baseUrl: platform.url,
        auth: { kind: 'oauth2', tokenUrl: platform.tokenUrl, ...credentials },
        webhookSecret,
      },
      testKeyring(),
      { allowPrivateTargets: true },
    );
    const draft = await createInvoice(db.orm.em.fork(), workspaceId, {
      clientName: 'Café du Port',
      clientEmail: 'compta@port.test',
      lines: [{ title: 'Conseil', quantity: 2, unitPrice: 50, taxRate: 20 }],
    });
    const invoice = await sendInvoice(db.orm.em.fork(), workspaceId, draft.id);
    // The worker's pass, through the core functions it calls: the document goes to the platform,
    // which checks it with the official rule sets; its status comes back by polling.
    for (const claimed of await claimDueSubmissions(db.orm.em.fork(), { limit: 10, leaseMs: 60_000 })) {
      await submitDocument(db.orm.em.fork(), claimed, { keyring: testKeyring(), render: renderDocument });
    }
    await platform.idle();
    await pollPlatform(db.orm.em.fork(), workspaceId, testKeyring());

    const read = runCli(['invoice', 'einvoice', invoice.id, '--workspace', workspaceId, '--json'], db.url);
    expect(read.stderr).toBe('');
    const answer = JSON.parse(read.last);
    const flowId = platform.flows().find((flow) => flow.invoice?.number === invoice.number)?.flow.flowId;
    expect(flowId).toBeDefined();
    expect(answer).toMatchObject({
      id: invoice.id,
      number: invoice.number,
      einvoice: { status: 'deposited', flowId, reason: null },
    });
    expect(
      answer.history.map((entry: { status: string; source: string }) => [entry.status, entry.source]),
    ).toEqual([
      ['pending', 'comptoir'],
      ['submitted', 'comptoir'],
      ['deposited', 'platform_poll'],
    ]);

    const human = runCli(['invoice', 'einvoice', invoice.id, '--workspace', workspaceId], db.url);
    expect(human.stdout).toMatch(new RegExp(`^${invoice.number}: deposited since \\S+, flow ${flowId}\\n`));
    expect(human.stdout).toMatch(/ deposited \(deposited 200, platform_poll\)/);
  });
});
