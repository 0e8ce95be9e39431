import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { Suspense, useEffect } from 'react'
import type { Api } from '../lib/api'
import { ApiProvider } from '../lib/api-context'
import { Route, useLocation } from '../lib/router'
import { Spinner } from '../ui/spinner'
import { ClientOnly } from './client-only'
import { RootLayout } from './root-layout'
import { type AppRoute, routeFor } from './routes'

const routeFallback = (
  <div className="flex justify-center py-24">
    <Spinner label="Loading" className="size-6 text-primary" />
  </div>
)

/** The matched entry of the route table, with wouter's params for the page (useParams). */
const page = (route: AppRoute) =>
  route.path === '*' ? <Route component={route.component} /> : <Route key={route.path} path={route.path} component={route.component} />

/** Providers and the shell of the route; the router itself (browser, static or memory) is chosen by the entry. */
export function App({ api, queryClient }: { api: Api; queryClient: QueryClient }) {
  const { pathname } = useLocation()
  const { route } = routeFor(pathname)
  // Marks the page interactive (hydrated): the bench times it, browser tests wait for it before they click, and
  // client/early-taps.ts then replays the taps it held.
  useEffect(() => {
    performance.mark('hydrated')
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        {route.shell === 'staff' ? (
          // Staff screens: the staff app (its own shell and screen table), outside the storefront layout, rendered in the browser only.
          <ClientOnly>
            <Suspense fallback={routeFallback}>
              <route.component />
            </Suspense>
          </ClientOnly>
        ) : (
          <RootLayout>
            <Suspense fallback={routeFallback}>{page(route)}</Suspense>
          </RootLayout>
        )}
      </ApiProvider>
    </QueryClientProvider>
  )
}
