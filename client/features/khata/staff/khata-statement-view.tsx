import { useState } from 'react'
import { KHATA_METHODS, type Khata } from '../../../../common/contracts/khata'
import { formatINR, toPaise } from '../../../../common/money'
import { errorText } from '../../../lib/error-text'
import { fieldErrors } from '../../../lib/field-errors'
import { PageHeader } from '../../../staff/ui/page-header'
import { Button } from '../../../ui/button'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { LoadFailed } from '../../../ui/load-failed'
import { SelectField } from '../../../ui/select-field'
import { toast } from '../../../ui/toast'
import { day, rupees, StatementTable } from '../statement-table'
import { useKhata, useKhataWrites } from './khata-api'
import { AGE_BUCKETS } from './khata-list-view'

const METHOD_LABELS: Record<string, string> = { cash: 'cash', upi: 'UPI', card: 'card' }

type Paper = 'a4' | '80mm'

/** One customer's khata: figures, set the limit, take a payment, and the statement (printed on A4 or 80 mm). */
export function KhataStatementView({ id }: { id: number }) {
  const khata = useKhata(id)
  const [paper, setPaper] = useState<Paper>('a4')
  const print = (size: Paper) => {
    setPaper(size)
    // print once the paper's styles are on the page
    requestAnimationFrame(() => requestAnimationFrame(() => window.print()))
  }
  if (khata.error) return <LoadFailed message={errorText(khata.error)} onRetry={() => void khata.refetch()} />
  if (!khata.data) return <p className="text-muted">Loading…</p>
  const k = khata.data
  return (
    <>
      <style>
        {paper === '80mm'
          ? '@page { size: 80mm auto; margin: 0 } @media print { .statement { width: 80mm; padding: 2mm 3mm; font-size: 11px } }'
          : '@page { size: A4; margin: 12mm }'}
      </style>
      <div className="print:hidden">
        <PageHeader
          title={`Khata: ${k.name}`}
          description={k.phone ?? undefined}
          back={{ to: '/bos/admin/khata', label: 'Khata' }}
          actions={
            <>
              <RemindButton id={id} owed={k.balance > 0} />
              <SendStatementButton id={id} hasPhone={Boolean(k.phone)} />
              <ShareButton id={id} />
              <a
                className="inline-flex items-center rounded-md border border-border px-3 py-2 text-sm"
                href={`/s/api/admin/customers/${id}/khata/statement.pdf`}
                target="_blank"
                rel="noreferrer"
              >
                PDF
              </a>
              <Button variant="outline" onClick={() => print('80mm')}>
                Print 80 mm
              </Button>
              <Button variant="outline" onClick={() => print('a4')}>
                Print A4
              </Button>
            </>
          }
        />
        <div className="mb-4 grid gap-4 lg:grid-cols-2">
          <LimitForm id={id} khata={k} />
          <PaymentForm id={id} khata={k} />
        </div>
      </div>
      <Statement khata={k} />
    </>
  )
}

/** An SMS of what is owed, at most one a day (the server says when it was already sent today). */
function RemindButton({ id, owed }: { id: number; owed: boolean }) {
  const { remind } = useKhataWrites(id)
  return (
    <Button
      variant="outline"
      disabled={!owed}
      loading={remind.isPending}
      onClick={() =>
        remind.mutate(undefined, {
          onSuccess: (r) => toast.success(`Reminder sent to ${r.to}`),
          onError: (err) => toast.error(errorText(err)),
        })
      }
    >
      Send reminder
    </Button>
  )
}

/** The balance on today's date to the customer's phone (WhatsApp, else SMS), on the shop's registered template. */
function SendStatementButton({ id, hasPhone }: { id: number; hasPhone: boolean }) {
  const { statement } = useKhataWrites(id)
  return (
    <Button
      variant="outline"
      disabled={!hasPhone}
      loading={statement.isPending}
      onClick={() =>
        statement.mutate(undefined, {
          onSuccess: (r) => toast.success(`Statement sent to ${r.to}`),
          onError: (err) => toast.error(errorText(err)),
        })
      }
    >
      Send statement
    </Button>
  )
}

/** A link to the statement that opens without signing in and pays by UPI QR; shown to copy and send. */
function ShareButton({ id }: { id: number }) {
  const { share } = useKhataWrites(id)
  return (
    <>
      <Button variant="outline" loading={share.isPending} onClick={() => share.mutate(undefined, { onError: (err) => toast.error(errorText(err)) })}>
        Share link
      </Button>
      {share.data && (
        <label className="flex basis-full flex-col text-sm">
          Statement link (valid until {day(share.data.expires_at)})
          <input readOnly className="rounded-md border border-border px-2 py-1" value={share.data.url} onFocus={(e) => e.currentTarget.select()} />
        </label>
      )}
    </>
  )
}

function LimitForm({ id, khata }: { id: number; khata: Khata }) {
  const { limit } = useKhataWrites(id)
  const [value, setValue] = useState(String(khata.credit_limit))
  const errors = fieldErrors(limit.error)
  return (
    <form
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4"
      onSubmit={(e) => {
        e.preventDefault()
        limit.mutate({ credit_limit: Number(value) }, { onSuccess: () => toast.success('Credit limit saved') })
      }}
    >
      <h2 className="font-semibold">Credit limit</h2>
      <p className="text-sm text-muted">The most this customer may owe. 0 means no credit: “On khata” is refused at the counter.</p>
      <TextField label="Limit (₹)" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} error={errors.credit_limit} />
      <FormAlert message={limit.error && !errors.credit_limit ? errorText(limit.error) : null} />
      <Button type="submit" loading={limit.isPending} className="self-start">
        Save limit
      </Button>
    </form>
  )
}

function PaymentForm({ id, khata }: { id: number; khata: Khata }) {
  const { pay } = useKhataWrites(id)
  const [amount, setAmount] = useState('')
  const [method, setMethod] = useState<(typeof KHATA_METHODS)[number]>('cash')
  const [reference, setReference] = useState('')
  const errors = fieldErrors(pay.error)
  return (
    <form
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4"
      onSubmit={(e) => {
        e.preventDefault()
        pay.mutate(
          { amount: Number(amount), method, ...(reference.trim() ? { reference: reference.trim() } : {}) },
          {
            onSuccess: (k) => {
              toast.success(`Payment of ${formatINR(toPaise(Number(amount)))} recorded; ${k.name} now owes ${rupees(k.balance)}`)
              setAmount('')
              setReference('')
            },
          },
        )
      }}
    >
      <h2 className="font-semibold">Record a payment</h2>
      <p className="text-sm text-muted">At most the balance of {rupees(khata.balance)}: the khata keeps no advance.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Amount (₹)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} />
        <SelectField
          label="Paid by"
          placeholder={null}
          value={method}
          onChange={(e) => setMethod(e.target.value as typeof method)}
          options={KHATA_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
        />
      </div>
      <TextField label="Reference (UPI or card, optional)" value={reference} onChange={(e) => setReference(e.target.value)} error={errors.reference} />
      <FormAlert message={pay.error && !errors.amount ? errorText(pay.error) : null} />
      <Button type="submit" loading={pay.isPending} disabled={khata.balance <= 0} className="self-start">
        Record payment
      </Button>
    </form>
  )
}

/** The statement as printed: opening at zero, each entry with the balance after it, the ageing of what is owed. */
function Statement({ khata }: { khata: Khata }) {
  return (
    <section className="statement rounded-lg border border-border bg-surface p-4 print:border-0 print:p-0" aria-label="Statement">
      <header className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h2 className="text-lg font-bold">Khata statement</h2>
          <p>
            {khata.name}
            {khata.phone ? ` · ${khata.phone}` : ''}
          </p>
          <p className="text-xs text-muted">As of {day(new Date().toISOString())}</p>
        </div>
        <dl className="grid grid-cols-3 gap-3 text-right tabular-nums">
          <div>
            <dt className="text-xs text-muted">Balance owed</dt>
            <dd className="text-lg font-bold" data-testid="khata-balance">
              {rupees(khata.balance)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Credit limit</dt>
            <dd>{rupees(khata.credit_limit)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Available</dt>
            <dd>{rupees(khata.available)}</dd>
          </div>
        </dl>
      </header>
      <dl className="mb-3 grid grid-cols-4 gap-2 text-xs tabular-nums">
        {AGE_BUCKETS.map(([k, label]) => (
          <div key={k}>
            <dt className="text-muted">{label}</dt>
            <dd>{rupees(khata.ageing[k])}</dd>
          </div>
        ))}
      </dl>
      <StatementTable entries={khata.entries} />
    </section>
  )
}
