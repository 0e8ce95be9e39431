/** Spec §4: where a sign-in should return to, kept in session storage until it is used. */
const KEY = 'auth.redirect'

/** Only this site's own paths: never //host or /\host (an open redirect). */
const isOwnPath = (path: string) => /^\/(?![/\\])/.test(path)

export function savePath(path: string) {
  if (isOwnPath(path)) sessionStorage.setItem(KEY, path)
}

/** The saved path, removed as it is read. */
export function takeSavedPath(): string | null {
  const path = sessionStorage.getItem(KEY)
  sessionStorage.removeItem(KEY)
  return path && isOwnPath(path) ? path : null
}
