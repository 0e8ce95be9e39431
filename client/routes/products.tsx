import { useLocation } from '../lib/router'
import { useDocumentHead } from '../app/use-document-head'
import { listHeading } from '../features/catalogue/list-heading'
import { ProductListPage } from '../features/catalogue/product-list-page'
import { useProductQueryParams } from '../features/catalogue/use-product-query-params'
import { usePage } from '../features/pages/api'
import { useInit } from '../lib/init'
import { cardAction, cardCorner } from './product-slots'

export function ProductsRoute() {
  const init = useInit()
  const page = usePage(useLocation().pathname)
  const { params } = useProductQueryParams()
  useDocumentHead({ page: page.data, title: listHeading(params, init.categories, init.brands) })
  return <ProductListPage categories={init.categories} brands={init.brands} action={cardAction} corner={cardCorner} />
}
