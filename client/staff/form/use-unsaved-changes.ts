import { useEffect } from 'react'
import { useNavigate } from '../../lib/router'
import { confirm } from '../../ui/confirm-dialog'
import { useLatest } from '../../ui/use-latest'

const here = () => window.location.pathname + window.location.search + window.location.hash

/**
 * While `dirty`, leaving asks first: a link inside the app (a confirm dialog, then the navigation), the browser's
 * Back and Forward (the address is put back while the dialog asks), and closing or reloading the tab (the
 * browser's own prompt). Saving or discarding makes the form clean, which ends the guard.
 */
export function useUnsavedChanges(dirty: boolean, what = 'your changes') {
  const navigate = useNavigate()
  const go = useLatest(navigate)
  useEffect(() => {
    if (!dirty) return
    const stay = here()
    let leaving = false
    const ask = () =>
      confirm({ title: 'Leave without saving?', message: `If you leave this page now, ${what} will be lost.`, confirmText: 'Leave without saving', cancelText: 'Stay', danger: true })

    const onClick = (e: MouseEvent) => {
      if (leaving || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
      const link = (e.target as Element | null)?.closest?.('a[href]')
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return
      const url = new URL(link.href, window.location.href)
      // Another site: the tab unloads, and beforeunload asks. The same page (a #hash): nothing is lost.
      if (url.origin !== window.location.origin || url.pathname + url.search === window.location.pathname + window.location.search) return
      // Captured on the document, before the router's own click handler on the link.
      e.preventDefault()
      e.stopPropagation()
      void ask().then((leave) => {
        if (!leave) return
        leaving = true
        go.current(url.pathname + url.search + url.hash)
      })
    }
    // Capture runs before the router's listener, so the page never switches while the dialog asks.
    const onPopState = () => {
      if (leaving || here() === stay) return
      window.history.pushState(window.history.state, '', stay)
      void ask().then((leave) => {
        if (!leave) return
        leaving = true
        window.history.back()
      })
    }
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault()
      e.returnValue = ''
    }
    document.addEventListener('click', onClick, true)
    window.addEventListener('popstate', onPopState, true)
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => {
      document.removeEventListener('click', onClick, true)
      window.removeEventListener('popstate', onPopState, true)
      window.removeEventListener('beforeunload', onBeforeUnload)
    }
  }, [dirty, what, go])
}
