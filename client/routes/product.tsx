import { useParams } from '../lib/router'
import { useDocumentHead } from '../app/use-document-head'
import { useProduct } from '../features/catalogue/api'
import { ProductDetailPage } from '../features/catalogue/product-detail-page'
import { cardCorner, detailAction } from './product-slots'

export function ProductRoute() {
  const { slug = '' } = useParams()
  const product = useProduct(slug)
  useDocumentHead({ product: product.data, title: product.isError ? 'Product not found' : undefined })
  return <ProductDetailPage slug={slug} action={detailAction} corner={cardCorner} />
}
