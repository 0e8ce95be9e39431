import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { POPUP_DELAY_MS } from '../../common/rules/constants'
import { PAGE_PREVIEW_PARAM } from '../../common/rules/page-preview'
import { useLocation } from '../lib/router'
import { useApi } from '../lib/api-context'
import { errorText } from '../lib/error-text'
import { Button } from '../ui/button'
import { Spinner } from '../ui/spinner'
import { Toaster } from '../ui/toast'
import { replaceCart } from '../features/cart/api'
import { pageQuery } from '../features/pages/api'
import { initQuery } from '../lib/init'
import { Footer } from '../features/site-settings/footer'
import { useWishlistRequest } from '../features/wishlist/wishlist-request'
import { Header } from './header'
import { ProgressBar } from './progress-bar'
import { useRouteGuard } from './route-guard'
import { routeFor } from './routes'
import { ScrollManager } from './scroll-manager'

// Drawers load on first open: they are not part of a shopper's first load.
const CartDrawer = lazy(() => import('../features/cart/cart-drawer').then((m) => ({ default: m.CartDrawer })))
const CategoryFilterDrawer = lazy(() => import('../features/catalogue/category-filter-drawer').then((m) => ({ default: m.CategoryFilterDrawer })))
// The promotional popup is only needed POPUP_DELAY_MS after load, so its code is fetched then.
const PromoPopup = lazy(() => import('../features/site-settings/popup').then((m) => ({ default: m.PromoPopup })))
const MobileMenu = lazy(() => import('../features/site-settings/mobile-menu').then((m) => ({ default: m.MobileMenu })))
// One wishlist dialog for the page, fetched when a heart first asks for it.
const WishlistDialogHost = lazy(() => import('../features/wishlist/wishlist-dialog-host').then((m) => ({ default: m.WishlistDialogHost })))
// Only sales agents see their banner: loaded for them, never in a shopper's first load (issue 31).
const AgentBanner = lazy(() => import('../features/agents/agent-banner').then((m) => ({ default: m.AgentBanner })))

type Panel = 'menu' | 'cart' | 'categories'

/** Spec §2: spinner until startup, then navbar, sub-navbar, footer and popup; full-width or centred pages. */
export function RootLayout({ children }: { children: ReactNode }) {
  const api = useApi()
  const init = useQuery(initQuery(api))
  const { pathname, search } = useLocation()
  // Per page, navbar/sub-navbar/footer visibility comes from the page settings of the full path (when there are any).
  const pageSettings = useQuery({ ...pageQuery(api, pathname), enabled: false }).data
  const [panel, setPanelState] = useState<Panel | null>(null)
  // A drawer stays mounted after its first opening so it can animate closed.
  const [used, setUsed] = useState<ReadonlySet<Panel>>(new Set())
  const setPanel = (next: Panel) => {
    setUsed((u) => (u.has(next) ? u : new Set(u).add(next)))
    setPanelState(next)
  }
  const close = () => setPanelState(null)
  // Only staff routes are admin-only (the staff shell shows their 403), so here a guard only ever redirects.
  const blocked = useRouteGuard(routeFor(pathname).route, init.data?.user).kind !== 'open'
  const wishlistFor = useWishlistRequest()
  const [wishlistUsed, setWishlistUsed] = useState(false)
  if (wishlistFor && !wishlistUsed) setWishlistUsed(true)
  const [popupDue, setPopupDue] = useState(false)
  // Agent mode lives in the tab's session, so its banner never draws on the server: it loads after hydration.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  usePagePreview(pathname, search)
  useEffect(() => {
    const timer = window.setTimeout(() => setPopupDue(true), POPUP_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [])

  if (!init.data) {
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
        {init.isError ? (
          <>
            <p className="text-muted">{errorText(init.error)}</p>
            <Button onClick={() => init.refetch()}>Try again</Button>
          </>
        ) : (
          <Spinner label="Loading the store" className="size-8 text-primary" />
        )}
      </div>
    )
  }

  const data = init.data
  const meta = routeFor(pathname).route
  const showNavbar = pageSettings?.show_navbar ?? true
  const showSubNavbar = pageSettings?.show_sub_navbar ?? true
  const showFooter = pageSettings?.show_footer ?? true
  const selectedCategories = pathname === '/products' ? (new URLSearchParams(search).get('c')?.split(',').filter(Boolean) ?? []) : []

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only z-50 rounded bg-surface px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <ProgressBar />
      <ScrollManager />
      {hydrated && data.user?.isSalesAgent && (
        <Suspense fallback={null}>
          <AgentBanner replaceCart={replaceCart} />
        </Suspense>
      )}
      {showNavbar && <Header init={data} showSubNavbar={showSubNavbar} onOpenMenu={() => setPanel('menu')} onOpenCart={() => setPanel('cart')} />}
      <main id="main" className={meta.fullWidth ? 'flex-1' : 'mx-auto w-full max-w-7xl flex-1 px-3 sm:px-4'}>
        {blocked ? (
          <div className="flex justify-center py-24">
            <Spinner label="Loading" className="size-6 text-primary" />
          </div>
        ) : (
          children
        )}
      </main>
      {showFooter && <Footer init={data} />}
      <Suspense fallback={null}>
        {popupDue && data.popup?.image && <PromoPopup popup={data.popup} pathname={pathname} delayMs={0} />}
        {used.has('menu') && (
          <MobileMenu open={panel === 'menu'} onClose={close} items={data.navs} siteName={data.web.name} onOpenCategories={() => setPanel('categories')} />
        )}
        {used.has('categories') && (
          <CategoryFilterDrawer open={panel === 'categories'} onClose={close} categories={data.categories} selected={selectedCategories} />
        )}
        {used.has('cart') && <CartDrawer open={panel === 'cart'} onClose={close} cart={data.cart} />}
        {wishlistUsed && <WishlistDialogHost product={wishlistFor} />}
      </Suspense>
      <Toaster />
    </div>
  )
}

/** In the page builder's preview frame only (`?page-preview=1` and a parent window): its code loads then. */
function usePagePreview(pathname: string, search: string) {
  const qc = useQueryClient()
  const preview = new URLSearchParams(search).has(PAGE_PREVIEW_PARAM)
  useEffect(() => {
    if (!preview || window.parent === window) return
    let stop: (() => void) | undefined
    let gone = false
    let stopSite: (() => void) | undefined
    import('../features/pages/page-preview').then((m) => {
      if (!gone) stop = m.startPagePreview(qc, pathname)
    })
    // Website Settings' preview: the unsaved site-wide settings over this tab's init answer
    import('./site-preview').then((m) => {
      if (!gone) stopSite = m.startSitePreview(qc)
    })
    return () => {
      gone = true
      stop?.()
      stopSite?.()
    }
  }, [qc, pathname, preview])
}
