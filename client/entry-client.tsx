import './index.css'
import { type DehydratedState, hydrate } from '@tanstack/react-query'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from './lib/router'
import { App } from './app/app'
import { fullState } from '../common/page-state'
import { preloadRoute } from './app/routes'
import { browserTransport, createApi } from './lib/api'
import { createQueryClient } from './lib/query-client'
import { NAVIGATIONS } from './lib/router'
import { registerShopWorker } from './app/shop-worker'

const noop = () => {}

const api = createApi(browserTransport)
const queryClient = createQueryClient()
const state = document.getElementById('__STATE__')?.textContent
if (state) hydrate(queryClient, fullState<DehydratedState>(JSON.parse(state)))

// Analytics and monitoring (spec §9) load after the page is interactive (app/telemetry-start.ts); until then the
// addresses the router shows are only noted here, so that each gets its page view.
const noted = [location.href]
const note = () => noted.push(location.href)
for (const type of NAVIGATIONS) addEventListener(type, note)
const startTelemetry = () => setTimeout(() => import('./app/telemetry-start').then((m) => m.startTelemetry(queryClient, noted, note), noop), 2500)

// the shopper's offline copies (app/shop-worker.ts): after the page has loaded and the browser is idle
registerShopWorker()

const root = document.getElementById('root')!
const app = (
  <BrowserRouter>
    <App api={api} queryClient={queryClient} />
  </BrowserRouter>
)
// Server-rendered pages are hydrated once their route's code is here; the Vite dev server (no SSR) renders from scratch.
if (root.firstElementChild)
  preloadRoute(window.location.pathname)
    .then(() => hydrateRoot(root, app))
    .then(startTelemetry)
else {
  createRoot(root).render(app)
  startTelemetry()
}
