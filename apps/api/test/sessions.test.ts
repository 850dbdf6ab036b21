import { memberPassword } from '@comptoir/core/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicOrigin, startTestApi, type TestApi } from './harness.ts';
import {
  bearer,
  callApi,
  callTrpc,
  cookieOf,
  databaseFingerprint,
  expectError,
  expectTrpcError,
  type Member,
  memberSession,
  sellerWorkspace,
  sessionHeaders,
  signIn,
  signInRequest,
  type Workspace,
} from './support/index.ts';

// People signed in to the app (issue 33): better-auth's sign-in at /api/auth, the session
// cookie admitted over /trpc in a workspace the member belongs to, with the permissions of
// their role; CSRF; sign-out; /api/v1 stays keys-only.

let api: TestApi;
let home: Workspace;
let owner: Member;

beforeAll(async () => {
  api = await startTestApi({ trustedOrigins: ['http://127.0.0.1:5173'] });
  home = await sellerWorkspace(api);
  owner = await memberSession(api, home.workspaceId, 'owner');
});
afterAll(() => api.close());

const trpc = (
  procedure: string,
  type: 'query' | 'mutation',
  input: unknown,
  headers: Record<string, string>,
) =>
  callTrpc<{ result: { data: { data: Record<string, unknown> & { id: string } } } }>(
    api,
    procedure,
    type,
    input,
    headers,
  );

/** Runs a request that must be refused, and checks that it wrote nothing. */
async function refused<T>(send: () => Promise<T>): Promise<T> {
  const before = await databaseFingerprint(api);
  const answer = await send();
  expect(await databaseFingerprint(api)).toEqual(before);
  return answer;
}

describe('POST /api/auth/sign-in/email', () => {
  it('answers 200 with the user and an HttpOnly, SameSite=Lax session cookie, never the token in the body', async () => {
    const response = await signInRequest(api, owner.email, memberPassword);
    expect(response.status).toBe(200);
    const [cookie] = response.headers
      .getSetCookie()
      .filter((line) => line.startsWith('comptoir.session_token='));
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).not.toMatch(/; Secure/i);
    const body = (await response.json()) as Record<string, unknown> & { user: { id: string; email: string } };
    expect(body.user).toMatchObject({ id: owner.userId, email: owner.email });
    expect(body).not.toHaveProperty('token');
    expect(owner.userId).toMatch(/^usr_[0-9a-z]{26}$/);
  });

  it('answers a wrong e-mail and a wrong password the same: 401, the same body', async () => {
    const wrongEmail = await signInRequest(api, 'nobody@example.test', memberPassword);
    const wrongPassword = await signInRequest(api, owner.email, 'not the password at all');
    expect(wrongEmail.status).toBe(401);
    expect(wrongPassword.status).toBe(401);
    const [emailBody, passwordBody] = [await wrongEmail.json(), await wrongPassword.json()];
    expect(emailBody).toEqual({ code: 'INVALID_EMAIL_OR_PASSWORD', message: expect.any(String) });
    expect(passwordBody).toEqual(emailBody);
    expect(wrongEmail.headers.getSetCookie()).toEqual([]);
  });

  it('finds the e-mail whatever its case', async () => {
    const response = await signInRequest(api, owner.email.toUpperCase(), memberPassword);
    expect(response.status).toBe(200);
  });

  it('has no sign-up: people join by invitation or the CLI', async () => {
    const response = await api.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { origin: publicOrigin },
      json: { email: 'new@example.test', password: memberPassword, name: 'New' },
    });
    expect(response.status).toBe(404);
  });
});

describe('a session over /trpc', () => {
  it('reads me.get: the user and each membership with its role and scopes', async () => {
    const answer = await trpc('me.get', 'query', {}, sessionHeaders(owner.cookie));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result.data).toEqual({
      data: {
        user: { id: owner.userId, email: owner.email, name: expect.any(String) },
        memberships: [
          {
            workspaceId: home.workspaceId,
            workspaceName: expect.any(String),
            role: 'owner',
            scopes: expect.arrayContaining(['write:invoices', 'manage:members', 'manage:keys']),
          },
        ],
      },
    });
  });

  it('reads and writes in its workspace, named by x-comptoir-workspace', async () => {
    const created = await trpc('companies.create', 'mutation', { name: 'Session SARL' }, owner.headers);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const got = await trpc('companies.get', 'query', { id: created.body.result.data.data.id }, owner.headers);
    expect(got.body.result.data.data.name).toBe('Session SARL');
  });

  it('names the user as the actor of the events it records, and a key as the actor of its own', async () => {
    const bySession = await trpc('companies.create', 'mutation', { name: 'Acted SARL' }, owner.headers);
    const byKey = await callApi<{ data: { id: string } }>(
      api,
      'POST',
      '/companies',
      { name: 'Keyed SARL' },
      home.headers,
    );
    const events = await callApi<{ data: { type: string; actor: unknown; data: { id: string } }[] }>(
      api,
      'GET',
      '/events?type=company.created',
      undefined,
      home.headers,
    );
    const actorOf = (id: string) => events.body.data.find((event) => event.data.id === id)?.actor;
    expect(actorOf(bySession.body.result.data.data.id)).toEqual({ kind: 'user', id: owner.userId });
    expect(actorOf(byKey.body.data.id)).toEqual({ kind: 'key', id: expect.stringMatching(/^key_/) });
  });

  it('needs the workspace header: 400 invalid_request naming it', async () => {
    const answer = await trpc('products.list', 'query', {}, sessionHeaders(owner.cookie));
    const error = await expectTrpcError(answer, 400, 'invalid_request');
    expect(error.details?.[0]?.path).toBe('x-comptoir-workspace');
  });

  it('is refused 403 not_a_member in a workspace the user does not belong to', async () => {
    const other = await sellerWorkspace(api);
    const answer = await trpc('products.list', 'query', {}, sessionHeaders(owner.cookie, other.workspaceId));
    await expectTrpcError(answer, 403, 'not_a_member');
  });

  it('never reads another workspace’s records: 404 as for keys', async () => {
    const other = await sellerWorkspace(api);
    const foreign = await callApi<{ data: { id: string } }>(
      api,
      'POST',
      '/companies',
      { name: 'Theirs' },
      other.headers,
    );
    const answer = await trpc('companies.get', 'query', { id: foreign.body.data.id }, owner.headers);
    await expectTrpcError(answer, 404, 'not_found');
    const list = await trpc('companies.list', 'query', { q: 'Theirs' }, owner.headers);
    expect(list.body.result.data.data).toEqual([]);
  });

  it('refuses a cookie that names no session: 401 invalid_session', async () => {
    const answer = await trpc(
      'products.list',
      'query',
      {},
      sessionHeaders('comptoir.session_token=forged.signature', home.workspaceId),
    );
    await expectTrpcError(answer, 401, 'invalid_session');
  });

  it('leaves me.get to people: a key is 403 session_required, nobody 401 invalid_session', async () => {
    await expectTrpcError(await trpc('me.get', 'query', {}, home.headers), 403, 'session_required');
    await expectTrpcError(await trpc('me.get', 'query', {}, {}), 401, 'invalid_session');
  });
});

describe('CSRF', () => {
  const company = { name: 'Forged SARL' };

  it('refuses a mutation with a valid cookie from another origin: 403 origin_not_allowed, nothing written', async () => {
    const answer = await refused(() =>
      trpc('companies.create', 'mutation', company, { ...owner.headers, origin: 'https://evil.example' }),
    );
    await expectTrpcError(answer, 403, 'origin_not_allowed');
  });

  it('refuses a mutation with a cookie and no Origin', async () => {
    const { origin: _origin, ...withoutOrigin } = owner.headers;
    const answer = await refused(() => trpc('companies.create', 'mutation', company, withoutOrigin));
    await expectTrpcError(answer, 403, 'origin_not_allowed');
  });

  it('accepts one from an origin of TRUSTED_ORIGINS (the app’s dev server)', async () => {
    const answer = await trpc('companies.create', 'mutation', company, {
      ...owner.headers,
      origin: 'http://127.0.0.1:5173',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  it('leaves keys alone: a key’s mutation from any origin is served', async () => {
    const answer = await trpc('companies.create', 'mutation', company, {
      ...home.headers,
      origin: 'https://evil.example',
    });
    expect(answer.status).toBe(200);
  });

  it('lets better-auth refuse a sign-out with the cookie from another origin', async () => {
    const response = await api.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: 'https://evil.example' },
      json: {},
    });
    expect(response.status).toBe(403);
    const still = await trpc('products.list', 'query', {}, owner.headers);
    expect(still.status).toBe(200);
  });
});

describe('roles', () => {
  it('let a sales member make a draft invoice but not record a payment: 403 insufficient_role', async () => {
    const sales = await memberSession(api, home.workspaceId, 'sales');
    const draft = await trpc(
      'invoices.create',
      'mutation',
      {
        clientName: 'Client',
        clientEmail: 'client@example.test',
        lines: [{ title: 'Work', quantity: 1, unitPrice: 100 }],
      },
      sales.headers,
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const id = draft.body.result.data.data.id;
    const sent = await trpc('invoices.send', 'mutation', { id }, owner.headers);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const payment = await refused(() =>
      trpc('invoices.recordPayment', 'mutation', { id, amount: 10, method: 'transfer' }, sales.headers),
    );
    const error = await expectTrpcError(payment, 403, 'insufficient_role');
    expect(error.message).toContain('write:invoices');
    await expectTrpcError(
      await trpc('invoices.send', 'mutation', { id }, sales.headers),
      403,
      'insufficient_role',
    );
  });

  it('let a stock member adjust a count, not open invoices', async () => {
    const stock = await memberSession(api, home.workspaceId, 'stock');
    const product = await api.make.product(home.workspaceId, { trackStock: true, stockQuantity: 3 });
    const adjusted = await trpc(
      'products.adjust',
      'mutation',
      { id: product.id, countedQuantity: 5 },
      stock.headers,
    );
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    await expectTrpcError(await trpc('invoices.list', 'query', {}, stock.headers), 403, 'insufficient_role');
  });

  it('keep members and keys to owners', async () => {
    const accountant = await memberSession(api, home.workspaceId, 'accountant');
    await expectTrpcError(
      await trpc('members.list', 'query', {}, accountant.headers),
      403,
      'insufficient_role',
    );
    await expectTrpcError(await trpc('keys.list', 'query', {}, accountant.headers), 403, 'insufficient_role');
    const error = await expectTrpcError(
      await trpc('members.list', 'query', {}, home.headers),
      403,
      'insufficient_scope',
    );
    expect(error.message).toContain('manage:members');
  });
});

describe('POST /api/auth/sign-out', () => {
  it('ends the session on the server: the cookie no longer works', async () => {
    const member = await memberSession(api, home.workspaceId, 'accountant');
    expect((await trpc('invoices.list', 'query', {}, member.headers)).status).toBe(200);
    const response = await api.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { cookie: member.cookie, origin: publicOrigin },
      json: {},
    });
    expect(response.status).toBe(200);
    const sessions = await api.db.orm.em
      .fork()
      .execute<{ n: string }[]>('select count(*) as n from sessions where user_id = ?', [member.userId]);
    expect(sessions[0]?.n).toBe('0');
    await expectTrpcError(await trpc('invoices.list', 'query', {}, member.headers), 401, 'invalid_session');
    const session = await api.request('/api/auth/get-session', { headers: { cookie: member.cookie } });
    expect(await session.json()).toBeNull();
  });
});

describe('an expired session', () => {
  it('is refused: 401 invalid_session over /trpc, null from get-session', async () => {
    const member = await memberSession(api, home.workspaceId, 'accountant');
    expect((await trpc('invoices.list', 'query', {}, member.headers)).status).toBe(200);
    await api.db.orm.em
      .fork()
      .execute(`update sessions set expires_at = now() - interval '1 second' where user_id = ?`, [
        member.userId,
      ]);
    await expectTrpcError(await trpc('invoices.list', 'query', {}, member.headers), 401, 'invalid_session');
    const session = await api.request('/api/auth/get-session', { headers: { cookie: member.cookie } });
    expect(await session.json()).toBeNull();
  });
});

describe('GET /api/auth/get-session', () => {
  it('answers the user and the session, without its token', async () => {
    const response = await api.request('/api/auth/get-session', { headers: { cookie: owner.cookie } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { id: string }; session: Record<string, unknown> };
    expect(body.user.id).toBe(owner.userId);
    expect(body.session).not.toHaveProperty('token');
    expect(body.session.id).toMatch(/^ses_/);
  });
});

describe('/api/v1', () => {
  it('stays keys-only: a session cookie alone is 401 missing_authorization', async () => {
    const answer = await callApi(api, 'GET', '/products', undefined, owner.headers);
    await expectError(answer, 401, 'missing_authorization');
    const write = await refused(() => callApi(api, 'POST', '/companies', { name: 'Nope' }, owner.headers));
    await expectError(write, 401, 'missing_authorization');
  });
});

describe('password reset', () => {
  it('logs the link when SMTP_URL is unset; the new password signs in, the old one and old sessions no longer do', async () => {
    const member = await memberSession(api, home.workspaceId, 'sales');
    const asked = await api.request('/api/auth/request-password-reset', {
      method: 'POST',
      headers: { origin: publicOrigin },
      json: { email: member.email },
    });
    expect(asked.status).toBe(200);
    const unknown = await api.request('/api/auth/request-password-reset', {
      method: 'POST',
      headers: { origin: publicOrigin },
      json: { email: 'nobody.here@example.test' },
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(await asked.clone().json());
    const logged = api.logs.find(
      (line) => (line as { email?: string }).email === member.email && 'url' in line,
    ) as { url: string } | undefined;
    expect(logged?.url).toMatch(/^http:\/\/127\.0\.0\.1\/app\/reset-password\?token=/);
    const token = new URL(logged?.url ?? 'http://x').searchParams.get('token');
    const reset = await api.request('/api/auth/reset-password', {
      method: 'POST',
      headers: { origin: publicOrigin },
      json: { token, newPassword: 'a brand new password' },
    });
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect((await signInRequest(api, member.email, memberPassword)).status).toBe(401);
    expect((await signInRequest(api, member.email, 'a brand new password')).status).toBe(200);
    await expectTrpcError(await trpc('quotes.list', 'query', {}, member.headers), 401, 'invalid_session');
    const again = await api.request('/api/auth/reset-password', {
      method: 'POST',
      headers: { origin: publicOrigin },
      json: { token, newPassword: 'yet another password' },
    });
    expect(again.status).toBe(400);
  });

  it('refuses a link past its hour: 400 INVALID_TOKEN, the password unchanged', async () => {
    const member = await memberSession(api, home.workspaceId, 'stock');
    await api.request('/api/auth/request-password-reset', {
      method: 'POST',
      headers: { origin: publicOrigin },
      json: { email: member.email },
    });
    const logged = api.logs.findLast(
      (line) => (line as { email?: string }).email === member.email && 'url' in line,
    ) as { url: string } | undefined;
    const token = new URL(logged?.url ?? 'http://x').searchParams.get('token');
    await api.db.orm.em
      .fork()
      .execute(`update verifications set expires_at = now() - interval '1 second' where identifier like ?`, [
        `%${token}%`,
      ]);
    const reset = await api.request('/api/auth/reset-password', {
      method: 'POST',
      headers: { origin: publicOrigin },
      json: { token, newPassword: 'too late a password' },
    });
    expect(reset.status).toBe(400);
    expect(await reset.json()).toEqual({ code: 'INVALID_TOKEN', message: expect.any(String) });
    expect((await signInRequest(api, member.email, memberPassword)).status).toBe(200);
  });
});

describe('over https', () => {
  it('sets the cookie Secure, under the __Secure- prefix', async () => {
    const secure = await startTestApi({ publicBaseUrl: 'https://comptoir.example' });
    try {
      const workspace = await secure.make.workspace();
      const member = await secure.make.member(workspace.id, 'owner');
      const response = await secure.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { origin: 'https://comptoir.example' },
        json: { email: member.user.email, password: memberPassword },
      });
      expect(response.status).toBe(200);
      const [cookie] = response.headers.getSetCookie().filter((line) => line.includes('session_token='));
      expect(cookie).toMatch(/^__Secure-comptoir\.session_token=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      const me = await callTrpc(secure, 'me.get', 'query', {}, { cookie: cookieOf(response) });
      expect(me.status).toBe(200);
    } finally {
      await secure.close();
    }
  });
});

describe('the sign-in limit', () => {
  it('answers 429 with Retry-After past the limit, per e-mail and per address, even with the right password', async () => {
    const limited = await startTestApi({ signInPerMinute: 3 });
    try {
      const workspace = await limited.make.workspace();
      const member = await limited.make.member(workspace.id, 'owner');
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await signInRequest(limited, member.user.email, 'wrong password')).status).toBe(401);
      }
      const over = await signInRequest(limited, member.user.email, memberPassword);
      expect(over.status).toBe(429);
      const retryAfter = Number(over.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
      expect(await over.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: expect.any(String) });
      // the same address, another e-mail: its counter is spent too
      expect((await signInRequest(limited, 'someone.else@example.test', memberPassword)).status).toBe(429);
      expect(over.headers.getSetCookie()).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});

it('signs in the seeded way: a bearer key and a cookie together count as the key', async () => {
  const answer = await trpc('me.get', 'query', {}, { ...bearer(home.key), cookie: owner.cookie });
  await expectTrpcError(answer, 403, 'session_required');
  const listed = await trpc('products.list', 'query', {}, { ...bearer(home.key), cookie: owner.cookie });
  expect(listed.status).toBe(200);
  expect(await signIn(api, owner.email)).toContain('comptoir.session_token=');
});
