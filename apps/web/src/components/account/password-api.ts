import { retryAfterSeconds } from '../../session/auth.ts';

/** Password reset through the API's better-auth endpoints (README, "People, sessions, roles"). */

export type ResetRequestOutcome =
  | { kind: 'sent' }
  | { kind: 'too-many-attempts'; retryAfterSeconds: number | undefined }
  | { kind: 'unavailable' };

/** Asks for a reset link. The server answers the same whether the address has an account or not. */
export async function requestPasswordReset(email: string): Promise<ResetRequestOutcome> {
  const response = await post('/api/auth/request-password-reset', { email });
  if (response === undefined) return { kind: 'unavailable' };
  if (response.status === 429)
    return {
      kind: 'too-many-attempts',
      retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
    };
  // A malformed address is refused by the form first; anything else the server says, it says for every address.
  return response.ok || response.status === 400 ? { kind: 'sent' } : { kind: 'unavailable' };
}

export type ResetOutcome =
  | { kind: 'changed' }
  | { kind: 'invalid-token' }
  | { kind: 'refused'; message: string }
  | { kind: 'too-many-attempts' }
  | { kind: 'unavailable' };

/** Sets the new password with the link's token; a used, unknown or expired token is `invalid-token`. */
export async function resetPassword(token: string, newPassword: string): Promise<ResetOutcome> {
  const response = await post('/api/auth/reset-password', { token, newPassword });
  if (response === undefined) return { kind: 'unavailable' };
  if (response.ok) return { kind: 'changed' };
  if (response.status === 429) return { kind: 'too-many-attempts' };
  if (response.status === 400) {
    const body = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown };
    if (body.code === 'INVALID_TOKEN') return { kind: 'invalid-token' };
    return { kind: 'refused', message: typeof body.message === 'string' ? body.message : '' };
  }
  return { kind: 'unavailable' };
}

async function post(path: string, body: object): Promise<Response | undefined> {
  try {
    return await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return undefined;
  }
}
