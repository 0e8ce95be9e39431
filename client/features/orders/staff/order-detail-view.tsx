import { type ReactNode, useState } from 'react'
import type { AdminOrderDetail, StaffMove } from '../../../../common/contracts/admin-orders'
import { ApiError, errorText } from '../../../lib/error-text'
import { staffPath } from '../../../staff/staff-paths'
import { Button } from '../../../ui/button'
import { Spinner } from '../../../ui/spinner'
import { toast } from '../../../ui/toast'
import { PageHeader } from '../../../staff/ui/page-header'
import { useAdminOrder, useMoveOrder } from './api'
import { OrderDetailPage } from './order-detail-page'
import { EditLinesDialog } from './order-lines-dialog'
import { DeliveredDialog } from './order-delivered-dialog'
import { CancelDialog, DispatchDialog } from './order-move-dialogs'
import { RefundDialog } from './order-refund-dialog'
import { statusText } from '../../../staff/ui/order-status'
import { can } from '../../../../common/rules/staff-roles'
import { useInit } from '../../../lib/init'

const fieldErrors = (err: unknown): Record<string, string> => {
  if (!(err instanceof ApiError) || err.status !== 422) return {}
  const errors = (err.body as { errors?: Record<string, string | string[]> })?.errors ?? {}
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]))
}

/** A staff order by id: loaded, then its page; `documents` shows its tax documents (invoices', given by the route). */
export function OrderDetailView({ id, documents }: { id: number; documents: (order: AdminOrderDetail) => ReactNode }) {
  const order = useAdminOrder(id)
  if (order.data) return <OrderView order={order.data} documents={documents(order.data)} />
  if (order.isPending)
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading the order" className="size-6 text-primary" />
      </div>
    )
  const missing = order.error instanceof ApiError && order.error.status === 404
  return (
    <>
      <PageHeader
        title={missing ? 'Order not found' : 'The order could not be loaded'}
        back={{ to: staffPath('/bos/admin/orders'), label: 'Orders' }}
        description={missing ? 'It may belong to another website.' : errorText(order.error)}
      />
      {!missing && (
        <Button variant="outline" onClick={() => void order.refetch()}>
          Try again
        </Button>
      )}
    </>
  )
}

type Dialog = 'cancelled' | 'out_for_delivery' | 'delivered' | 'refund' | 'lines' | null

/** The order's moves and dialogs; the page shows it. */
function OrderView({ order, documents }: { order: AdminOrderDetail; documents: ReactNode }) {
  const move = useMoveOrder()
  const [dialog, setDialog] = useState<Dialog>(null)
  const cod = order.payment_method === 'cod'
  // what this person's role may do here (issue 29): cancels, refunds and line edits are the refunds area's
  const { user } = useInit()
  const mayMove = user ? can(user.permissions, 'orders', 'write') : false
  const mayRefund = user ? can(user.permissions, 'refunds', 'write') : false
  const canRefund = mayRefund && order.refundable !== null && order.refundable.left > 0
  const canEdit = mayMove && mayRefund && order.status === 'confirmed'
  const next = mayMove ? order.next.filter((s) => mayRefund || s !== 'cancelled') : []

  const run = async (status: StaffMove, extra: Record<string, unknown> = {}) => {
    try {
      await move.mutateAsync({ id: order.id, body: { status, ...extra } })
      toast.success(`Order ${order.order_number} marked ${statusText(status).toLowerCase()}`)
      setDialog(null)
      return {}
    } catch (err) {
      const errors = fieldErrors(err)
      if (Object.keys(errors).length === 0) toast.fromError(err)
      return errors
    }
  }
  const start = (status: StaffMove) => {
    if (status === 'cancelled' || status === 'out_for_delivery') return setDialog(status)
    if (status === 'delivered' && cod) return setDialog('delivered')
    void run(status)
  }

  return (
    <>
      <OrderDetailPage
        order={{ ...order, next }}
        canRefund={canRefund}
        canEdit={canEdit}
        moving={move.isPending ? (move.variables?.body.status ?? null) : null}
        onMove={start}
        onOpen={setDialog}
        documents={documents}
      />
      {dialog === 'cancelled' && <CancelDialog order={order} onClose={() => setDialog(null)} onCancel={(note) => run('cancelled', { note })} />}
      {dialog === 'lines' && <EditLinesDialog order={order} onClose={() => setDialog(null)} />}
      {dialog === 'refund' && order.refundable && <RefundDialog order={order} money={order.refundable} onClose={() => setDialog(null)} />}
      {dialog === 'delivered' && <DeliveredDialog order={order} onClose={() => setDialog(null)} onDeliver={(door) => run('delivered', door)} />}
      {dialog === 'out_for_delivery' && <DispatchDialog order={order} onClose={() => setDialog(null)} onSend={(person) => run('out_for_delivery', person)} />}
    </>
  )
}
