import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicOrigin, startTestApi, type TestApi } from './harness.ts';
import {
  bearer,
  callApi,
  callTrpc,
  expectError,
  expectTrpcError,
  type Member,
  memberSession,
  sellerWorkspace,
  signIn,
  signInRequest,
  type Workspace,
} from './support/index.ts';

// Members of a workspace (issue 33): owners invite by link (7 days, single use), change roles,
// remove members, the last owner stays; owners manage the API keys from the app.

let api: TestApi;
let home: Workspace;
let owner: Member;

beforeAll(async () => {
  api = await startTestApi();
  home = await sellerWorkspace(api);
  owner = await memberSession(api, home.workspaceId, 'owner');
});
afterAll(() => api.close());

type Data<T> = { result: { data: { data: T } } };
const trpc = <T = Record<string, unknown>>(
  procedure: string,
  type: 'query' | 'mutation',
  input: unknown,
  headers: Record<string, string> = owner.headers,
) => callTrpc<Data<T>>(api, procedure, type, input, headers);

interface Invited {
  id: string;
  email: string;
  role: string;
  token: string;
  url: string;
  expiresAt: string;
}

let invitations = 0;
async function invite(role = 'sales', email = `invitee.${++invitations}@example.test`): Promise<Invited> {
  const answer = await trpc<Invited>('members.invite', 'mutation', { email, role });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.data.data;
}

const accept = (input: Record<string, unknown>) =>
  trpc('invitations.accept', 'mutation', input, { origin: publicOrigin });

describe('invitations', () => {
  it('make a link valid 7 days; accepting it makes the account, which then signs in with the role', async () => {
    const invited = await invite('accountant', 'Comptable@Example.test');
    expect(invited.email).toBe('comptable@example.test');
    expect(invited.url).toBe(`http://127.0.0.1/app/invitations/accept?token=${invited.token}`);
    const days = (Date.parse(invited.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const stored = await api.db.orm.em
      .fork()
      .execute<{ token_hash: string }[]>('select token_hash from invitations where id = ?', [invited.id]);
    expect(stored[0]?.token_hash).not.toContain(invited.token);

    const accepted = await accept({ token: invited.token, name: 'Claire', password: 'claire password' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.result.data.data).toEqual({
      workspaceId: home.workspaceId,
      workspaceName: expect.any(String),
      role: 'accountant',
      user: { id: expect.stringMatching(/^usr_/), email: 'comptable@example.test', name: 'Claire' },
      userCreated: true,
    });
    const cookie = await signIn(api, 'comptable@example.test', 'claire password');
    const me = await trpc<{ memberships: { role: string }[] }>('me.get', 'query', {}, { cookie });
    expect(me.body.result.data.data.memberships.map((membership) => membership.role)).toEqual(['accountant']);
  });

  it('are used once: a second acceptance is 409 invitation_used', async () => {
    const invited = await invite();
    const input = { token: invited.token, name: 'Once', password: 'once password' };
    expect((await accept(input)).status).toBe(200);
    await expectTrpcError(await accept(input), 409, 'invitation_used');
  });

  it('expire after 7 days: 409 invitation_expired, nobody joins', async () => {
    const invited = await invite('stock');
    await api.db.orm.em
      .fork()
      .execute(`update invitations set expires_at = now() - interval '1 second' where id = ?`, [invited.id]);
    await expectTrpcError(
      await accept({ token: invited.token, name: 'Late', password: 'late password' }),
      409,
      'invitation_expired',
    );
    const users = await api.db.orm.em
      .fork()
      .execute<{ n: string }[]>('select count(*) as n from users where email = ?', [invited.email]);
    expect(users[0]?.n).toBe('0');
  });

  it('answer 404 invitation_not_found to an unknown or revoked token', async () => {
    await expectTrpcError(
      await accept({ token: 'no-such-token', password: 'whatever pass' }),
      404,
      'invitation_not_found',
    );
    const invited = await invite();
    const revoked = await trpc('invitations.revoke', 'mutation', { id: invited.id });
    expect(revoked.status).toBe(200);
    await expectTrpcError(
      await accept({ token: invited.token, password: 'whatever pass' }),
      404,
      'invitation_not_found',
    );
  });

  it('need a password for a new account (400 naming it), none for an existing one', async () => {
    const invited = await invite();
    const error = await expectTrpcError(await accept({ token: invited.token }), 400, 'invalid_body');
    expect(error.details?.map((detail) => detail.path)).toEqual(['password']);

    const elsewhere = await sellerWorkspace(api);
    const existing = await api.make.member(elsewhere.workspaceId, 'owner');
    const second = await invite('stock', existing.user.email);
    const joined = await accept({ token: second.token });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.result.data.data).toMatchObject({ userCreated: false, role: 'stock' });
  });

  it('are listed while pending; inviting a member is 409 member_exists', async () => {
    const pending = await invite();
    const listed = await trpc<{ id: string }[]>('invitations.list', 'query', {});
    expect(listed.body.result.data.data.map((invitation) => invitation.id)).toContain(pending.id);
    expect(JSON.stringify(listed.body)).not.toContain(pending.token);
    await expectTrpcError(
      await trpc('members.invite', 'mutation', { email: owner.email, role: 'sales' }),
      409,
      'member_exists',
    );
  });
});

describe('members', () => {
  it('lists the members with their roles', async () => {
    const listed = await trpc<{ userId: string; role: string; email: string }[]>('members.list', 'query', {});
    expect(listed.body.result.data.data).toContainEqual(
      expect.objectContaining({ userId: owner.userId, role: 'owner', email: owner.email }),
    );
  });

  it('keep their last owner: no demotion, no leaving (409 last_owner); with a second owner, both are allowed', async () => {
    const workspace = await sellerWorkspace(api);
    const first = await memberSession(api, workspace.workspaceId, 'owner');
    const as = (member: Member) => member.headers;
    await expectTrpcError(
      await trpc('members.changeRole', 'mutation', { userId: first.userId, role: 'sales' }, as(first)),
      409,
      'last_owner',
    );
    await expectTrpcError(
      await trpc('members.remove', 'mutation', { userId: first.userId }, as(first)),
      409,
      'last_owner',
    );
    const second = await memberSession(api, workspace.workspaceId, 'sales');
    const promoted = await trpc(
      'members.changeRole',
      'mutation',
      { userId: second.userId, role: 'owner' },
      as(first),
    );
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    const left = await trpc('members.remove', 'mutation', { userId: first.userId }, as(first));
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    // the one who left is no longer admitted there
    await expectTrpcError(await trpc('members.list', 'query', {}, as(first)), 403, 'not_a_member');
    await expectTrpcError(
      await trpc('members.changeRole', 'mutation', { userId: second.userId, role: 'stock' }, as(second)),
      409,
      'last_owner',
    );
  });

  it('takes effect on the member’s next request: a role changed, a member removed', async () => {
    const member = await memberSession(api, home.workspaceId, 'stock');
    await expectTrpcError(await trpc('invoices.list', 'query', {}, member.headers), 403, 'insufficient_role');
    await trpc('members.changeRole', 'mutation', { userId: member.userId, role: 'accountant' });
    expect((await trpc('invoices.list', 'query', {}, member.headers)).status).toBe(200);
    await trpc('members.remove', 'mutation', { userId: member.userId });
    await expectTrpcError(await trpc('invoices.list', 'query', {}, member.headers), 403, 'not_a_member');
    // their account stays: they still sign in, in no workspace
    expect((await signInRequest(api, member.email, 'correct horse battery staple')).status).toBe(200);
  });

  it('answers 404 for a user who is not a member', async () => {
    const elsewhere = await sellerWorkspace(api);
    const stranger = await api.make.member(elsewhere.workspaceId, 'owner');
    await expectTrpcError(
      await trpc('members.remove', 'mutation', { userId: stranger.user.id }),
      404,
      'not_found',
    );
  });
});

describe('API keys from the app', () => {
  it('are created (the key shown once), listed with a hint, and revoked at once', async () => {
    const created = await trpc<{ id: string; key: string; scopes: string[] }>('keys.create', 'mutation', {
      scopes: ['read:products'],
      name: 'till',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id, key } = created.body.result.data.data;
    expect(key).toMatch(/^svc_live_/);
    expect((await callApi(api, 'GET', '/products', undefined, bearer(key))).status).toBe(200);

    const listed = await trpc<{ id: string; hint: string; name: string }[]>('keys.list', 'query', {});
    const summary = listed.body.result.data.data.find((entry) => entry.id === id);
    expect(summary).toMatchObject({ name: 'till', hint: `svc_live_…${key.slice(-4)}` });
    expect(JSON.stringify(listed.body)).not.toContain(key);

    const revoked = await trpc('keys.revoke', 'mutation', { id });
    expect(revoked.status).toBe(200);
    await expectError(await callApi(api, 'GET', '/products', undefined, bearer(key)), 401, 'revoked_key');
  });

  it('never revoke another workspace’s key: 404', async () => {
    const elsewhere = await sellerWorkspace(api);
    const theirs = await api.make.key(elsewhere.workspaceId, ['read:products']);
    await expectTrpcError(await trpc('keys.revoke', 'mutation', { id: theirs.id }), 404, 'not_found');
    expect((await callApi(api, 'GET', '/products', undefined, bearer(theirs.key))).status).toBe(200);
  });

  it('are not for keys: a key with every scope cannot mint one (403)', async () => {
    await expectTrpcError(
      await trpc('keys.create', 'mutation', { scopes: ['read:products'] }, home.headers),
      403,
      'insufficient_scope',
    );
  });
});
