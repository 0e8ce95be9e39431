import { useEffect } from 'react'
import { useLocation, useNavigationType } from '../lib/router'

const KEY = 'scroll-positions'

function positions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, number>
  } catch {
    return {}
  }
}

/**
 * Spec §2: scroll smoothly to a saved position (back/forward), a hash target, or the top. A navigation may opt
 * out of scroll-to-top (filters and sort on the product list keep the shopper where they are).
 */
export function ScrollManager() {
  const { pathname, search, hash } = useLocation()
  const navigationType = useNavigationType()
  const url = pathname + search

  useEffect(() => {
    const save = () => sessionStorage.setItem(KEY, JSON.stringify({ ...positions(), [url]: window.scrollY }))
    window.addEventListener('pagehide', save)
    return () => {
      save()
      window.removeEventListener('pagehide', save)
    }
  }, [url])

  useEffect(() => {
    const saved = positions()[url]
    if (navigationType === 'POP') {
      if (saved !== undefined) window.scrollTo({ top: saved, behavior: 'smooth' })
      return
    }
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' })
      return
    }
    const keep = (window.history.state as { keepScroll?: boolean } | null)?.keepScroll === true
    if (!keep) window.scrollTo({ top: 0, behavior: 'smooth' })
  }, [url, hash, navigationType])

  return null
}
