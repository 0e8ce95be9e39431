import { useParams } from '../lib/router'
import { useDocumentHead } from '../app/use-document-head'
import { useProduct } from '../features/catalogue/api'
import { categoryCrumbs } from '../features/catalogue/category-tree'
import { ProductDetailPage } from '../features/catalogue/product-detail-page'
import { useInit } from '../lib/init'
import { DeliveryEstimate } from '../features/delivery/delivery-estimate'
import { cardAction, cardCorner, detailAction } from './product-slots'

export function ProductRoute() {
  const { slug = '' } = useParams()
  const product = useProduct(slug)
  useDocumentHead({ product: product.data, title: product.isError ? 'Product not found' : undefined })
  const init = useInit()
  return (
    <ProductDetailPage
      slug={slug}
      action={detailAction}
      corner={cardCorner}
      breadcrumbs={(p) => categoryCrumbs(init.categories, p.category_slug)}
      priceNote={<DeliveryEstimate pincode={init.pincode ?? null} />}
      cardAction={cardAction}
    />
  )
}
