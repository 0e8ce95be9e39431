import './index.css'
import { hydrate } from '@tanstack/react-query'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from './lib/router'
import { App } from './app/app'
import { routeComponentFor } from './app/routes'
import { browserTransport, createApi } from './lib/api'
import { createQueryClient } from './lib/query-client'

const api = createApi(browserTransport)
const queryClient = createQueryClient()
const state = document.getElementById('__STATE__')?.textContent
if (state) hydrate(queryClient, JSON.parse(state))

const root = document.getElementById('root')!
const app = (
  <BrowserRouter>
    <App api={api} queryClient={queryClient} />
  </BrowserRouter>
)
// Server-rendered pages are hydrated once their route's code is here; the Vite dev server (no SSR) renders from scratch.
if (root.firstElementChild)
  routeComponentFor(window.location.pathname)
    .preload()
    .then(() => hydrateRoot(root, app))
else createRoot(root).render(app)
