/**
 * Where a signed-out visitor was going (e.g. a scanned QR code's /showDown?code=AB12): kept for
 * the sign-in, then taken once. Only this app's own paths are kept, so it never leaves the site.
 */
const KEY = 'return_to';

function isAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

export function rememberReturnTo(path: string): void {
  if (!isAppPath(path)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage can be unavailable (private mode): the visitor lands on /profile instead.
  }
}

/** The remembered path, forgotten as it is read; null when there is none. */
export function takeReturnTo(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path && isAppPath(path) ? path : null;
  } catch {
    return null;
  }
}
