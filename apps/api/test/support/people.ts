import type { Role } from '@comptoir/core';
import { memberPassword } from '@comptoir/core/factories';
import { publicOrigin, type TestApi } from '../harness.ts';

// People in HTTP tests: members made through core (factories), signed in through
// POST /api/auth/sign-in/email as the app does, and the headers of their tRPC calls.

/** The `name=value` pairs a response's Set-Cookie headers set, as a `Cookie` header. */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => pair !== '' && !pair.endsWith('='))
    .join('; ');
}

/** POST /api/auth/sign-in/email, as the app's sign-in page sends it. */
export function signInRequest(
  api: TestApi,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return api.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { origin: publicOrigin, ...headers },
    json: { email, password },
  });
}

/** Signs in and answers the session cookie; fails the test unless it is a 200. */
export async function signIn(api: TestApi, email: string, password = memberPassword): Promise<string> {
  const response = await signInRequest(api, email, password);
  if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  const cookie = cookieOf(response);
  if (!cookie.includes('comptoir.session_token='))
    throw new Error(`sign-in set no session cookie: ${cookie}`);
  return cookie;
}

/** A tRPC call's headers for a session acting in a workspace, from the app's own origin. */
export function sessionHeaders(cookie: string, workspaceId?: string): Record<string, string> {
  return {
    cookie,
    origin: publicOrigin,
    ...(workspaceId ? { 'x-comptoir-workspace': workspaceId } : {}),
  };
}

export interface Member {
  userId: string;
  email: string;
  cookie: string;
  /** Headers of a tRPC call in the member's workspace. */
  headers: Record<string, string>;
}

/** A new member of the workspace with the role, signed in. */
export async function memberSession(
  api: TestApi,
  workspaceId: string,
  role: Role = 'owner',
): Promise<Member> {
  const created = await api.make.member(workspaceId, role);
  const cookie = await signIn(api, created.user.email);
  return {
    userId: created.user.id,
    email: created.user.email,
    cookie,
    headers: sessionHeaders(cookie, workspaceId),
  };
}
