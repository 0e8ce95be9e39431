import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, useLocation } from '../../lib/router'
import type { Brand, CategoryNode, Pack, Product } from '../../../common/contracts/catalogue'
import type { Contract } from '../../../common/contracts/http'
import type { Api, CallInput } from '../../lib/api'
import { ApiProvider } from '../../lib/api-context'

/** Test support for the catalogue components: fixtures, a fake Api and a router that shows its URL. */

export const categories: CategoryNode[] = [
  {
    name: 'Staples', slug: 'staples', avatar: null,
    children: [
      { name: 'Atta & Flours', slug: 'atta', avatar: null, children: [] },
      { name: 'Rice', slug: 'rice', avatar: null, children: [] },
      { name: 'Dals & Pulses', slug: 'dals', avatar: null, children: [] },
    ],
  },
  { name: 'Snacks', slug: 'snacks', avatar: null, children: [{ name: 'Chips', slug: 'chips', avatar: null, children: [] }] },
]

export const brands: Brand[] = [
  { name: 'Sona Khet', slug: 'sona-khet', logo: null },
  { name: 'Crunchwala', slug: 'crunchwala', logo: null },
]

export const pack = (over: Partial<Pack> = {}): Pack => ({
  pack_id: 1, pack_name: '1 kg', price: 60, act_price: 60, discount: 0, warehouse_id: 1, discount_type: null, in_stock: true, ...over,
})

export const product = (over: Partial<Product> = {}): Product => ({
  product_id: 1, product_name: 'Sona Khet Chakki Atta', product_description: 'Stone-ground whole wheat.', product_info: 'Ingredients: wheat.',
  brand_name: 'Sona Khet', slug: 'sona-khet-chakki-atta', brand_slug: 'sona-khet', category_slug: 'atta', wishlist: false,
  medias: [{ src: 'demo/atta-1.webp' }, { src: 'demo/atta-2.webp' }], image: 'demo/atta-1.webp', packs: [pack()], ...over,
})

export const productPage = (products: Product[], total = products.length, page = 1, perPage = 24) => ({
  data: products,
  meta: { total, page, perPage, lastPage: Math.max(1, Math.ceil(total / perPage)), sort: 'popularity' as const },
})

type Handler = (contract: Contract, input: CallInput<Contract>) => unknown

/** An Api whose answers come from `handler` (keyed on contract.path); the calls are recorded. */
export function fakeApi(handler: Handler) {
  const calls: { path: string; input: CallInput<Contract> }[] = []
  const call = async (contract: Contract, input: CallInput<Contract> = {}) => {
    calls.push({ path: contract.path, input })
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
export function renderAt(ui: ReactNode, { url = '/products', api }: { url?: string; api: Api }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <ApiProvider api={api}>
        <MemoryRouter initialEntries={[url]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </ApiProvider>
    </QueryClientProvider>,
  )
}
