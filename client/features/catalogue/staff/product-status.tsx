import type { ProductStatus } from '../../../../common/contracts/admin-catalogue'
import { cn } from '../../../lib/cn'

export const STATUS_LABELS: Record<ProductStatus, string> = { active: 'Active', draft: 'Draft', archived: 'Archived' }

const tone: Record<ProductStatus, string> = {
  active: 'bg-success/10 text-success',
  draft: 'bg-accent/20 text-text',
  archived: 'bg-border text-muted',
}

/** Draft and archived products are not on the storefront; the badge says which a product is. */
export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  return <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', tone[status])}>{STATUS_LABELS[status]}</span>
}
