/**
 * Where to go after signing in: only a path of this app. Anything else (another origin, a
 * protocol-relative `//evil.example`, a backslash that some browsers read as a slash, a path
 * outside the app) falls back to the app's home, so a crafted link cannot send a person who has
 * just signed in to a look-alike site.
 */
export function safeReturnTo(value: string | undefined): string {
  if (value === undefined || !value.startsWith('/') || value.startsWith('//') || hasBackslashOrControl(value))
    return '/';
  const base = 'https://app.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return '/';
  }
  if (url.origin !== base) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasBackslashOrControl(value: string): boolean {
  for (const character of value) {
    const code = character.charCodeAt(0);
    if (character === '\\' || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
