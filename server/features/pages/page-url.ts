import { MAX_PAGE_URL_LENGTH } from '../../../common/contracts/pages'

/** '/about-us/' → '/about-us'; anything that cannot be a page path (../, %00, //host, odd characters) → null. */
export function normalisePageUrl(raw: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(raw)
  } catch {
    return null
  }
  const path = `/${decoded}`.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1')
  if (path.length > MAX_PAGE_URL_LENGTH) return null
  if (!/^\/[a-z0-9\-_/]*$/i.test(path) || path.split('/').some((seg) => seg === '..' || seg === '.')) return null
  return path.toLowerCase()
}
