// Where to go after signing in (spec 7 "Sign-in pages": sign-in with a callbackUrl). One rule for
// the SPA's guard and sign-in page and for the server's sign-in answers and redirects: only a path
// of this same site is followed, so the parameter cannot send anyone to another site (open redirect).
export const SIGN_IN_PATH = '/sign-in';
export const AUTH_ERROR_PATH = '/auth-error';
/** An origin no real request has: with it only relative paths count as same-site. */
const NO_ORIGIN = 'http://same-origin.invalid';

/** The same-site path a callbackUrl names (`/payouts?x=1`), or undefined when it is missing, foreign or would loop back to sign-in. */
export function callbackPath(value: string | null | undefined, origin: string = NO_ORIGIN): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  // '//evil.example' and '/\evil.example' resolve to another origin, so they end here too.
  if (url.origin !== new URL(origin).origin) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // '/.//evil.example' is same-site as written, but its resolved path '//evil.example' is read as
  // another site by whoever follows it (decision 0346).
  if (path.startsWith('//') || path.startsWith('/\\')) return undefined;
  if (path.startsWith(SIGN_IN_PATH) || path.startsWith('/api/')) return undefined;
  return path;
}

/** The SPA's sign-in page, remembering where the visitor was going (and why, when a session ended). */
export function signInLocation(options: { callbackUrl?: string; error?: string } = {}): string {
  const search = new URLSearchParams();
  if (options.error) search.set('error', options.error);
  if (options.callbackUrl && options.callbackUrl !== '/') search.set('callbackUrl', options.callbackUrl);
  const query = search.toString();
  return query ? `${SIGN_IN_PATH}?${query}` : SIGN_IN_PATH;
}
