import { type ReactNode, useState } from 'react'
import type { CustomerDetail } from '../../../../common/contracts/admin-customers'
import { formatINR } from '../../../../common/money'
import { ApiError, errorText } from '../../../lib/error-text'
import { staffPath } from '../../../staff/staff-paths'
import { Link } from '../../../lib/router'
import { Button, buttonClasses } from '../../../ui/button'
import { confirm } from '../../../ui/confirm-dialog'
import { TextField } from '../../../ui/form-field'
import { Modal } from '../../../ui/modal'
import { Spinner } from '../../../ui/spinner'
import { TextareaField } from '../../../ui/textarea-field'
import { toast } from '../../../ui/toast'
import { Card } from '../../../staff/ui/card'
import { PageHeader } from '../../../staff/ui/page-header'
import { DownloadIcon } from '../../../staff/ui/staff-icons'
import { BlockedBadge } from './customer-list-view'
import { customerExportUrl, useCustomer, useCustomerWrites } from './customers-api'
import { METHOD_LABELS, OrderStatusBadge, orderWhen, PaymentStatusText } from '../../../staff/ui/order-status'

/** What the shop types to erase someone: a word, not a click, since nothing brings the data back. */
const ERASE_WORD = 'ERASE'

export function CustomerDetailView({ id }: { id: number }) {
  const customer = useCustomer(id)
  if (customer.data) return <CustomerPage customer={customer.data} />
  if (customer.isPending)
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading the customer" className="size-6 text-primary" />
      </div>
    )
  const missing = customer.error instanceof ApiError && customer.error.status === 404
  return (
    <>
      <PageHeader
        title={missing ? 'Customer not found' : 'The customer could not be loaded'}
        back={{ to: staffPath('/bos/admin/customers'), label: 'Customers' }}
        description={missing ? 'They may be a customer of another website only.' : errorText(customer.error)}
      />
      {!missing && (
        <Button variant="outline" onClick={() => void customer.refetch()}>
          Try again
        </Button>
      )}
    </>
  )
}

type Dialog = 'block' | 'erase' | null

function CustomerPage({ customer: c }: { customer: CustomerDetail }) {
  const writes = useCustomerWrites(c.user_id)
  const [dialog, setDialog] = useState<Dialog>(null)
  const name = c.name || 'No name'

  const unblock = async () => {
    const sure = await confirm({
      title: `Unblock ${name}?`,
      message: 'They can place orders on this website again, from their next checkout.',
      confirmText: 'Unblock',
    })
    if (!sure) return
    writes.unblock.mutate(undefined, {
      onSuccess: () => toast.success(`${name} can order again`),
      onError: (err) => toast.fromError(err),
    })
  }

  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            {name} {c.blocked && <BlockedBadge />}
          </span>
        }
        back={{ to: staffPath('/bos/admin/customers'), label: 'Customers' }}
        description={`Customer since ${orderWhen(c.joined_at)}`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to={staffPath('/bos/admin/khata/:id', { id: c.user_id })} className={buttonClasses({ variant: 'outline' })}>
              Khata
            </Link>
            <a href={customerExportUrl(c.user_id)} download={`customer-${c.user_id}.json`} className={buttonClasses({ variant: 'outline' })}>
              <DownloadIcon /> Export data (JSON)
            </a>
            {c.blocked ? (
              <Button variant="outline" loading={writes.unblock.isPending} onClick={() => void unblock()}>
                Unblock
              </Button>
            ) : (
              <Button variant="outline" onClick={() => setDialog('block')}>
                Block from ordering
              </Button>
            )}
          </div>
        }
      />
      {c.blocked && (
        <div role="status" className="mb-4 rounded-md border border-danger/40 bg-danger/5 p-3 text-sm">
          <p className="font-medium">Blocked from ordering since {orderWhen(c.blocked.blocked_at)}</p>
          <p className="text-muted">Reason: {c.blocked.reason}</p>
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-4">
          <dl className="grid grid-cols-3 gap-3">
            <Figure label="Orders" value={String(c.orders_count)} />
            <Figure label="Total spent" value={formatINR(c.total_spent)} />
            <Figure label="Last order" value={c.last_order_at ? orderWhen(c.last_order_at) : 'Never'} />
          </dl>
          <Card title="Orders" description={c.orders_count > c.orders.length ? `The newest ${c.orders.length} of ${c.orders_count}` : undefined}>
            {c.orders.length === 0 ? (
              <p className="text-sm text-muted">No orders on this website yet.</p>
            ) : (
              <div className="-mx-4 overflow-x-auto sm:mx-0">
                <table className="w-full text-sm">
                  <thead>
                    <tr className="border-b border-border text-left text-xs text-muted">
                      <th className="px-4 py-2 font-medium sm:pl-0">Order</th>
                      <th className="px-2 py-2 font-medium">Status</th>
                      <th className="hidden px-2 py-2 font-medium sm:table-cell">Payment</th>
                      <th className="px-4 py-2 text-right font-medium sm:pr-0">Total</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-border">
                    {c.orders.map((o) => (
                      <tr key={o.id}>
                        <td className="px-4 py-2 sm:pl-0">
                          <Link to={staffPath('/bos/admin/orders/:id', { id: o.id })} className="font-semibold hover:text-primary hover:underline">
                            {o.order_number}
                          </Link>
                          <p className="text-xs text-muted">{orderWhen(o.created_at)}</p>
                        </td>
                        <td className="px-2 py-2">
                          <OrderStatusBadge status={o.status} />
                        </td>
                        <td className="hidden px-2 py-2 sm:table-cell">
                          <PaymentStatusText status={o.payment_status} />
                          <p className="text-xs text-muted">{METHOD_LABELS[o.payment_method] ?? o.payment_method}</p>
                        </td>
                        <td className="px-4 py-2 text-right font-medium tabular-nums sm:pr-0">{formatINR(o.total)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
        </div>
        <div className="space-y-4">
          <Card title="Profile">
            <dl className="space-y-2 text-sm">
              <Detail label="Name">{c.name || '—'}</Detail>
              <Detail label="Phone">{c.phone ?? '—'}</Detail>
              <Detail label="Email">{c.email ?? '—'}</Detail>
            </dl>
          </Card>
          <Card title={`Addresses (${c.addresses.length})`}>
            {c.addresses.length === 0 ? (
              <p className="text-sm text-muted">No saved address on this website.</p>
            ) : (
              <ul className="space-y-3 text-sm">
                {c.addresses.map((a) => (
                  <li key={a.id}>
                    <p className="font-medium">
                      {a.name} · {a.mobile}
                      <span className="ml-2 text-xs font-normal text-muted">
                        {a.type}
                        {a.is_default && ', default'}
                      </span>
                    </p>
                    <p className="text-muted">
                      {[a.house, a.street, a.area, a.landmark, a.city, a.state].filter(Boolean).join(', ')} – {a.pincode}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title="Privacy" description="A request from the person about their data.">
            <p className="text-sm text-muted">
              “Export data” downloads everything this website holds about them. Erasing wipes their personal details for good; their orders stay for the
              accounts.
            </p>
            <Button variant="outline" className="mt-3" onClick={() => setDialog('erase')}>
              Erase personal data
            </Button>
          </Card>
        </div>
      </div>
      {dialog === 'block' && <BlockDialog customer={c} onClose={() => setDialog(null)} />}
      {dialog === 'erase' && <EraseDialog customer={c} onClose={() => setDialog(null)} />}
    </>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-border bg-surface p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-1 text-base font-semibold tabular-nums sm:text-lg">{value}</dd>
    </div>
  )
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-right">{children}</dd>
    </div>
  )
}

function BlockDialog({ customer: c, onClose }: { customer: CustomerDetail; onClose: () => void }) {
  const { block } = useCustomerWrites(c.user_id)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const submit = () => {
    if (reason.trim().length < 3) return setError('Say why, in a few words')
    block.mutate(
      { reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(`${c.name || 'The customer'} is blocked from ordering`)
          onClose()
        },
        onError: (err) => {
          const errors = err instanceof ApiError && err.status === 422 ? (err.body as { errors?: Record<string, string | string[]> }).errors : undefined
          const reasonError = errors?.reason
          if (reasonError) setError(Array.isArray(reasonError) ? reasonError[0] : reasonError)
          else toast.fromError(err)
        },
      },
    )
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={`Block ${c.name || 'this customer'} from ordering?`}
      description="Checkout refuses their orders on this website until someone unblocks them. Orders already placed are not touched."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Keep them
          </Button>
          <Button variant="danger" loading={block.isPending} onClick={submit}>
            Block
          </Button>
        </>
      }
    >
      <TextareaField
        label="Reason"
        hint="Staff see it here; the shopper does not."
        required
        rows={3}
        maxLength={300}
        value={reason}
        error={error}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  )
}

function EraseDialog({ customer: c, onClose }: { customer: CustomerDetail; onClose: () => void }) {
  const { erase } = useCustomerWrites(c.user_id)
  const [typed, setTyped] = useState('')
  const ready = typed.trim() === ERASE_WORD
  const submit = () =>
    erase.mutate(undefined, {
      onSuccess: (answer) => {
        toast.success(
          answer.account_erased
            ? 'Personal data erased. The orders stay, without a name or address.'
            : 'Personal data erased on this website. The person also shops on another website, so their account stays there.',
        )
        onClose()
      },
      onError: (err) => toast.fromError(err),
    })
  return (
    <Modal
      open
      onClose={onClose}
      title={`Erase ${c.name || 'this customer'}’s personal data?`}
      description="This cannot be undone. Download their data first if they asked for a copy."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Keep the data
          </Button>
          <Button variant="danger" disabled={!ready} loading={erase.isPending} onClick={submit}>
            Erase for good
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm">
        <div>
          <p className="font-medium">Erased</p>
          <ul className="list-disc pl-5 text-muted">
            <li>Name, phone and email on the account (unless another website also knows the person)</li>
            <li>Saved addresses, wishlists and signed-in sessions on this website</li>
            <li>The name, phone, street and notes written on their orders</li>
          </ul>
        </div>
        <div>
          <p className="font-medium">Kept for the accounts</p>
          <ul className="list-disc pl-5 text-muted">
            <li>
              {c.orders_count === 1 ? 'Their order' : `Their ${c.orders_count} orders`}: numbers, items, amounts, payments, refunds, city, pincode and dates
            </li>
            <li>The audit log entry that the erase happened, and who did it</li>
          </ul>
        </div>
        <TextField
          label={`Type ${ERASE_WORD} to confirm`}
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && ready) submit()
          }}
        />
      </div>
    </Modal>
  )
}
