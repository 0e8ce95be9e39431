import { useQuery } from '@tanstack/react-query'
import { type Product, relatedProducts } from '../../../common/contracts/catalogue'
import { useApi } from '../../lib/api-context'
import { ProductCard, type ProductCardProps } from './product-card'

function Shelf({ id, title, products, action, corner }: { id: string; title: string; products: Product[] } & Pick<ProductCardProps, 'action' | 'corner'>) {
  if (products.length === 0) return null
  return (
    <section aria-labelledby={id} className="mt-8" data-testid={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <ul className="-mx-3 flex snap-x gap-3 overflow-x-auto px-3 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0 md:grid-cols-4 lg:grid-cols-6">
        {products.slice(0, 6).map((p) => (
          <li key={p.product_id} className="w-40 shrink-0 snap-start sm:w-auto">
            <ProductCard product={p} action={action} corner={corner} />
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The product page's 'Often bought together' (from real orders) and 'Similar products' (issue 18). */
export function ProductShelves({ product, action, corner }: { product: Product } & Pick<ProductCardProps, 'action' | 'corner'>) {
  const api = useApi()
  const q = useQuery({
    queryKey: ['catalogue', 'related', product.product_id],
    queryFn: () => api.call(relatedProducts, { params: { id: String(product.product_id) } }),
    staleTime: 60_000,
  })
  if (!q.data) return null
  return (
    <>
      <Shelf
        id="often-bought-together"
        title={q.data.together_from === 'orders' ? 'Often bought together' : 'You may also need'}
        products={q.data.together ?? []}
        action={action}
        corner={corner}
      />
      <Shelf id="similar-products" title="Similar products" products={q.data.similar ?? []} action={action} corner={corner} />
    </>
  )
}
