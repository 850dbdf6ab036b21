import { parseArgs } from 'node:util';
import { AppError } from '@comptoir/core';
import { ZodError } from 'zod';
import {
  einvoicingConnect,
  einvoicingDisconnect,
  einvoicingShow,
  einvoicingTest,
} from './commands/einvoicing.ts';
import { invoiceEinvoice, invoicePdf } from './commands/invoices.ts';
import { keyCreate, keyList, keyRevoke } from './commands/keys.ts';
import { migrateCommand } from './commands/migrate.ts';
import { productImport } from './commands/products.ts';
import { secretsReencrypt } from './commands/secrets.ts';
import { seed } from './commands/seed.ts';
import { superviseDev } from './commands/supervise.ts';
import { userCreate, userList } from './commands/users.ts';
import { webhookAdd, webhookList, webhookRedeliver, webhookRemove } from './commands/webhooks.ts';
import { workspaceCreate } from './commands/workspaces.ts';
import { CliError, createOutput } from './output.ts';

const usage = `Usage: pnpm cli <command> [--json]

  migrate                                   apply pending database migrations (ENCRYPTION_KEY
                                            when stored secrets are still in clear)
  workspace create --name N [--negative-stock block|allow]
  key create --workspace W --scopes a,b,c [--expires-at ISO] [--rate-limit N] [--name L]
  key revoke KEY_ID
  key list --workspace W
  user create --workspace W --email E --password P --role owner|accountant|sales|stock [--name N]
                                            a person who signs in to the app (an existing
                                            e-mail keeps its password and joins the workspace)
  user list --workspace W                   the workspace's members and their roles
  product import --workspace W --file F     JSON array of products (API field names)
  webhook add --workspace W --url U [--events a,b] [--description D]
                                            the signing secret is shown once (ENCRYPTION_KEY)
  webhook list --workspace W
  webhook remove ENDPOINT_ID --workspace W
  webhook redeliver EVENT_ID --workspace W [--endpoint ENDPOINT_ID]
                                            from a fresh retry schedule
  secrets reencrypt                         stored secrets under ENCRYPTION_KEY, so the keys of
                                            ENCRYPTION_KEY_PREVIOUS can be retired
  invoice pdf ID --out FILE [--workspace W]
                                            the invoice's PDF (once issued, its Factur-X
                                            PDF/A-3); without --workspace, the demo one's
  invoice einvoice ID [--workspace W]       its e-invoicing status and every change
  einvoicing connect --workspace W --base-url U --webhook-secret S
      (--token T | --token-url U --client-id I --client-secret S [--scope S])
      [--organization-id O]                 connects the workspace to its approved platform
                                            (secrets stored encrypted: ENCRYPTION_KEY); prints
                                            the webhook URL to give the platform
  einvoicing show --workspace W             the connection, without its secrets
  einvoicing disconnect --workspace W
  einvoicing test --workspace W             the platform answers and takes the credentials
                                            (ENCRYPTION_KEY)
  seed [--password P]                       demo workspace, products, an all-scope key and the
                                            demo owner (owner@demo.comptoir.test; a new one gets
                                            a generated password unless --password sets it)
  dev                                       the whole system on embedded defaults (./run start)

Every command reads DATABASE_URL. With --json, the last line of stdout is one JSON object.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  strict: true,
  options: {
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
    name: { type: 'string' },
    'negative-stock': { type: 'string' },
    workspace: { type: 'string' },
    scopes: { type: 'string' },
    'expires-at': { type: 'string' },
    'rate-limit': { type: 'string' },
    file: { type: 'string' },
    url: { type: 'string' },
    events: { type: 'string' },
    description: { type: 'string' },
    endpoint: { type: 'string' },
    out: { type: 'string' },
    'base-url': { type: 'string' },
    token: { type: 'string' },
    'token-url': { type: 'string' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    scope: { type: 'string' },
    'webhook-secret': { type: 'string' },
    'organization-id': { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
    // Internal: `dev` re-runs itself in a process group of its own (see commands/dev.ts).
    supervised: { type: 'boolean', default: false },
  },
});

const out = createOutput(values.json);
const [command, subcommand, argument] = positionals;

async function run() {
  if (values.help || !command) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  switch (`${command} ${subcommand ?? ''}`.trim()) {
    case 'migrate':
      return migrateCommand(out);
    case 'workspace create':
      return workspaceCreate(out, values);
    case 'key create':
      return keyCreate(out, values);
    case 'key revoke':
      return keyRevoke(out, argument);
    case 'key list':
      return keyList(out, values);
    case 'user create':
      return userCreate(out, values);
    case 'user list':
      return userList(out, values);
    case 'product import':
      return productImport(out, values);
    case 'webhook add':
      return webhookAdd(out, values);
    case 'webhook list':
      return webhookList(out, values);
    case 'webhook remove':
      return webhookRemove(out, argument, values);
    case 'webhook redeliver':
      return webhookRedeliver(out, argument, values);
    case 'secrets reencrypt':
      return secretsReencrypt(out);
    case 'invoice pdf':
      return invoicePdf(out, argument, values);
    case 'invoice einvoice':
      return invoiceEinvoice(out, argument, values);
    case 'einvoicing connect':
      return einvoicingConnect(out, values);
    case 'einvoicing show':
      return einvoicingShow(out, values);
    case 'einvoicing disconnect':
      return einvoicingDisconnect(out, values);
    case 'einvoicing test':
      return einvoicingTest(out, values);
    case 'seed':
      return seed(out, values);
    case 'dev':
      // Loaded only in the supervised process: see commands/supervise.ts.
      return values.supervised ? (await import('./commands/dev.ts')).dev(out) : superviseDev(values.json);
    default:
      throw new CliError(`unknown command: ${positionals.join(' ')}\n\n${usage}`);
  }
}

function describe(error: unknown): string {
  if (error instanceof AppError) {
    const details = (error.details ?? []).map((detail) => `\n  ${detail.path}: ${detail.message}`).join('');
    return `${error.message} (${error.code})${details}`;
  }
  if (error instanceof ZodError)
    return error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n');
  if (error instanceof CliError) return error.message;
  return `unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}

try {
  await run();
} catch (error) {
  process.stderr.write(`error: ${describe(error)}\n`);
  process.exit(1);
}
