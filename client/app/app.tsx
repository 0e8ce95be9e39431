import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { Suspense, useEffect } from 'react'
import type { Api } from '../lib/api'
import { ApiProvider } from '../lib/api-context'
import { Route, Switch } from '../lib/router'
import { Spinner } from '../ui/spinner'
import { RootLayout } from './root-layout'
import { CLIENT_ROUTES, ContentPageRoute, HomeRoute, ProductRoute, ProductsRoute } from './routes'

const routeFallback = (
  <div className="flex justify-center py-24">
    <Spinner label="Loading" className="size-6 text-primary" />
  </div>
)

/** Providers and routes; the router itself (browser, static or memory) is chosen by the entry. */
export function App({ api, queryClient }: { api: Api; queryClient: QueryClient }) {
  // Marks the page interactive (hydrated): the bench times it, browser tests wait for it before they click, and
  // client/early-taps.ts then replays the taps it held.
  useEffect(() => {
    performance.mark('hydrated')
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        <RootLayout>
          <Suspense fallback={routeFallback}>
            <Switch>
              <Route path="/" component={HomeRoute} />
              <Route path="/products" component={ProductsRoute} />
              <Route path="/products/:slug" component={ProductRoute} />
              {CLIENT_ROUTES.map(([path, component]) => (
                <Route key={path} path={path} component={component} />
              ))}
              <Route component={ContentPageRoute} />
            </Switch>
          </Suspense>
        </RootLayout>
      </ApiProvider>
    </QueryClientProvider>
  )
}
