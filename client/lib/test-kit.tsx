import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import type { Contract } from '../../common/contracts/http'
import { type Api, type CallInput, contractOf, type LaterContract } from './api'
import { ApiProvider } from './api-context'
import { MemoryRouter, useLocation } from './router'

/** Test support for components that call the API and read the address: a fake Api and a router that shows its URL. */

// happy-dom lacks <option>.defaultSelected and <select>.size, so react-hook-form takes every select for one the
// user changed before the form was ready and reads its value from the page. Give them their standard meaning.
if (typeof HTMLOptionElement !== 'undefined' && !('defaultSelected' in HTMLOptionElement.prototype)) {
  Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
    get(this: HTMLOptionElement) {
      return this.hasAttribute('selected')
    },
    configurable: true,
  })
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size') ?? 0)
    },
    configurable: true,
  })
}

type Handler = (contract: Contract, input: CallInput<Contract>) => unknown

/** An Api whose answers come from `handler` (keyed on contract.path); the calls are recorded. */
export function fakeApi(handler: Handler) {
  const calls: { path: string; method: string; input: CallInput<Contract> }[] = []
  const call = async (named: Contract | LaterContract<Contract>, input: CallInput<Contract> = {}) => {
    const contract = await contractOf(named)
    calls.push({ path: contract.path, method: contract.method, input })
    return handler(contract, input)
  }
  // The generic signature of Api['call'] can't be met by a fixture table; the answers are shaped by the tests.
  return { api: { call } as unknown as Api, calls }
}

function LocationProbe() {
  const { pathname, search } = useLocation()
  return <output data-testid="location">{pathname + decodeURIComponent(search)}</output>
}

/** Renders `ui` at `url` inside QueryClient, Api and MemoryRouter providers. */
export function renderAt(ui: ReactNode, { url = '/', api, client }: { url?: string; api: Api; client?: QueryClient }) {
  const queryClient = client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        <MemoryRouter initialEntries={[url]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </ApiProvider>
    </QueryClientProvider>,
  )
}
