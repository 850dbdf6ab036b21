import { createHash, randomBytes } from 'node:crypto';

/** An invitation's token: 256 random bits, URL-safe. Only its hash is stored. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens carry 256 random bits, so a fast hash is safe, as for API keys. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
