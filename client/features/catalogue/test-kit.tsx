import type { ReactNode } from 'react'
import type { Brand, CategoryNode, Pack, Product } from '../../../common/contracts/catalogue'
import type { Api } from '../../lib/api'
import { fakeApi, renderAt as renderWithProviders } from '../../lib/test-kit'

/** Test support for the catalogue components: fixtures, a fake Api and a router that shows its URL. */

export const categories: CategoryNode[] = [
  {
    name: 'Staples',
    slug: 'staples',
    avatar: null,
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
  pack_id: 1,
  pack_name: '1 kg',
  price: 60,
  act_price: 60,
  discount: 0,
  warehouse_id: 1,
  discount_type: null,
  in_stock: true,
  ...over,
})

export const product = (over: Partial<Product> = {}): Product => ({
  product_id: 1,
  product_name: 'Sona Khet Chakki Atta',
  product_description: 'Stone-ground whole wheat.',
  product_info: 'Ingredients: wheat.',
  brand_name: 'Sona Khet',
  slug: 'sona-khet-chakki-atta',
  brand_slug: 'sona-khet',
  category_slug: 'atta',
  wishlist: false,
  medias: [{ src: 'demo/atta-1.webp' }, { src: 'demo/atta-2.webp' }],
  image: 'demo/atta-1.webp',
  packs: [pack()],
  ...over,
})

export const productPage = (products: Product[], total = products.length, page = 1, perPage = 24) => ({
  data: products,
  meta: { total, page, perPage, lastPage: Math.max(1, Math.ceil(total / perPage)), sort: 'popularity' as const },
})

/** Catalogue tests render at /products by default. */
export const renderAt = (ui: ReactNode, { url = '/products', api }: { url?: string; api: Api }) => renderWithProviders(ui, { url, api })
export { fakeApi }
