/** Sign-in and sign-out through the API's session endpoints (better-auth under /api/auth). */

export type SignInOutcome =
  | { kind: 'signed-in' }
  | { kind: 'refused' }
  | { kind: 'too-many-attempts'; retryAfterSeconds: number | undefined }
  | { kind: 'unavailable' };

export async function signIn(email: string, password: string): Promise<SignInOutcome> {
  let response: Response;
  try {
    response = await fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  } catch {
    return { kind: 'unavailable' };
  }
  if (response.ok) return { kind: 'signed-in' };
  // A wrong e-mail and a wrong password get the same answer from the server, and so from us.
  if (response.status === 401 || response.status === 400) return { kind: 'refused' };
  if (response.status === 429)
    return {
      kind: 'too-many-attempts',
      retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
    };
  return { kind: 'unavailable' };
}

export async function signOut(): Promise<void> {
  await fetch('/api/auth/sign-out', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
}

/** Retry-After as seconds to wait: it is either a number of seconds or an HTTP date. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
