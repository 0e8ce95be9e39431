import { useEffect } from 'react'
import { useLocation } from '../lib/router'
import { computeHead, type HeadInput, safeJsonLd } from './head'
import { useInit } from '../lib/init'

/** After client-side navigation, keeps <head> in step with the page (the server rendered the first one). */
export function useDocumentHead(input: Omit<HeadInput, 'init' | 'origin' | 'url'>) {
  const init = useInit()
  const location = useLocation()
  const url = location.pathname + location.search
  const { page, product, title } = input
  useEffect(() => {
    const tags = computeHead({ init, origin: window.location.origin, url, page, product, title })
    document.title = tags.title
    for (const m of tags.meta) {
      const selector = m.name ? `meta[name="${m.name}"]` : `meta[property="${m.property}"]`
      let el = document.head.querySelector<HTMLMetaElement>(selector)
      if (!el) {
        el = document.createElement('meta')
        if (m.name) el.name = m.name
        else el.setAttribute('property', m.property ?? '')
        document.head.append(el)
      }
      el.content = m.content
    }
    for (const l of tags.links) {
      const el = document.head.querySelector<HTMLLinkElement>(`link[rel="${l.rel}"]`)
      if (el) el.href = l.href
    }
    document.head.querySelector('script[type="application/ld+json"]')?.remove()
    if (tags.schemaScript) {
      const script = document.createElement('script')
      script.type = 'application/ld+json'
      script.textContent = safeJsonLd(tags.schemaScript)
      document.head.append(script)
    }
  }, [init, url, page, product, title])
}
