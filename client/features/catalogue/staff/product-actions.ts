import type { ProductStatus } from '../../../../common/contracts/admin-catalogue'
import { useNavigate } from '../../../lib/router'
import { staffPath } from '../../../staff/staff-paths'
import { confirm } from '../../../ui/confirm-dialog'
import { toast } from '../../../ui/toast'
import { useBulkProducts, useDuplicateProduct } from './api'

export interface ProductRef {
  product_id: number
  product_name: string
  status: ProductStatus
}

const ACTION_FOR: Record<ProductStatus, 'publish' | 'unpublish' | 'archive'> = { active: 'publish', draft: 'unpublish', archived: 'archive' }
const DONE: Record<ProductStatus, string> = { active: 'published', draft: 'unpublished', archived: 'archived' }
const count = (n: number, one: string) => (n === 1 ? one : `${n} products`)

/** Status changes, archive and duplicate, shared by the product list and the product page; each status change can be undone from its toast. */
export function useProductActions() {
  const bulk = useBulkProducts()
  const duplicate = useDuplicateProduct()
  const navigate = useNavigate()

  /** Puts each product back to the status it had (one call per status). */
  const restore = async (products: ProductRef[]) => {
    const statuses = [...new Set(products.map((p) => p.status))]
    try {
      for (const status of statuses)
        await bulk.mutateAsync({ action: ACTION_FOR[status], ids: products.filter((p) => p.status === status).map((p) => p.product_id) })
      toast.info(`Undone: ${count(products.length, products[0].product_name)} back as before`)
    } catch (err) {
      toast.fromError(err)
    }
  }

  const setStatus = async (products: ProductRef[], status: ProductStatus): Promise<boolean> => {
    try {
      await bulk.mutateAsync({ action: ACTION_FOR[status], ids: products.map((p) => p.product_id) })
    } catch (err) {
      toast.fromError(err)
      return false
    }
    toast.success(`${count(products.length, products[0].product_name)} ${DONE[status]}`, { action: { label: 'Undo', onClick: () => void restore(products) } })
    return true
  }

  const archive = async (products: ProductRef[]): Promise<boolean> => {
    const one = products.length === 1
    const ok = await confirm({
      title: one ? `Archive ${products[0].product_name}?` : `Archive ${products.length} products?`,
      message: `${one ? 'It leaves' : 'They leave'} the store at once. Orders already placed are not changed, and you can find ${one ? 'it' : 'them'} under the Archived status to publish again.`,
      confirmText: 'Archive',
      danger: true,
    })
    return ok ? setStatus(products, 'archived') : false
  }

  const duplicateOne = (product: ProductRef) =>
    duplicate.mutate(product.product_id, {
      onSuccess: (copy) => {
        toast.success(`Copied as a draft: ${copy.product_name}`)
        navigate(staffPath('/bos/admin/products/:id', { id: copy.product_id }))
      },
      onError: (err) => toast.fromError(err),
    })

  return { setStatus, archive, duplicate: duplicateOne, busy: bulk.isPending || duplicate.isPending }
}
