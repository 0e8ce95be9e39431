import { useState } from 'react'
import type { Gstr3b } from '../../../../common/contracts/gst-returns'
import { formatINR, toPaise } from '../../../../common/money'
import { errorText } from '../../../lib/error-text'
import { buttonClasses } from '../../../ui/button'
import { Spinner } from '../../../ui/spinner'
import { Card } from '../../../staff/ui/card'
import { PageHeader } from '../../../staff/ui/page-header'
import { GSTR1_CSV_SECTIONS, gstr1CsvUrl, gstr1JsonUrl, tallyXmlUrl, useGstr3b, useOrdersWithoutInvoice } from './gst-returns-api'
import { TallyLedgersForm } from './tally-ledgers'

/** The month before this one in India: the return usually being filed. */
function lastMonth(): string {
  const india = new Date(Date.now() + 330 * 60_000)
  const d = new Date(Date.UTC(india.getUTCFullYear(), india.getUTCMonth() - 1, 1))
  return d.toISOString().slice(0, 7)
}
const monthEnd = (period: string) => {
  const [y, m] = period.split('-').map(Number)
  return `${period}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`
}
const rs = (rupees: number) => formatINR(toPaise(rupees))
const outline = buttonClasses({ variant: 'outline', size: 'sm' })

const CSV_LABELS: Record<(typeof GSTR1_CSV_SECTIONS)[number], string> = {
  b2b: 'B2B',
  b2cl: 'B2C large',
  b2cs: 'B2C small',
  cdnr: 'Credit notes (registered)',
  cdnur: 'Credit notes (unregistered)',
  nil: 'Nil rated',
  hsn: 'HSN summary',
  docs: 'Documents issued',
  documents: 'Every document and its section',
}

/**
 * GST returns for the shop's accountant (issue 34): a month's GSTR-1 as the portal's JSON and as CSVs, its GSTR-3B
 * outward supplies, a Tally export of any days, and the orders still without a tax invoice.
 */
export function GstReturnsView() {
  const [period, setPeriod] = useState(lastMonth)
  const [from, setFrom] = useState(`${lastMonth()}-01`)
  const [to, setTo] = useState(monthEnd(lastMonth()))
  return (
    <div className="space-y-4">
      <PageHeader
        title="GST returns"
        description="GSTR-1 and GSTR-3B figures of a month from the tax invoices and credit notes issued in it, and your books for Tally."
      />
      <Card title="Month">
        <label className="flex items-center gap-3 text-sm">
          <span className="font-medium">Return period</span>
          <input
            type="month"
            value={period}
            max={new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7)}
            onChange={(e) => e.target.value && (setPeriod(e.target.value), setFrom(`${e.target.value}-01`), setTo(monthEnd(e.target.value)))}
            className="h-10 rounded-md border border-border bg-surface px-3"
          />
        </label>
      </Card>
      <Card title="GSTR-1" description="Upload the JSON in the GST portal (Returns → GSTR-1 → Prepare offline → Upload), or open the CSVs in the offline tool.">
        <div className="flex flex-wrap gap-2">
          <a href={gstr1JsonUrl(period)} download className={buttonClasses({ size: 'sm' })}>
            Download GSTR-1 JSON
          </a>
          {GSTR1_CSV_SECTIONS.map((s) => (
            <a key={s} href={gstr1CsvUrl(period, s)} download className={outline}>
              {CSV_LABELS[s]} CSV
            </a>
          ))}
        </div>
      </Card>
      <Card title="GSTR-3B summary" description="Tables 3.1 and 3.2: what the month’s invoices and credit notes add up to.">
        <Gstr3bSummary period={period} />
      </Card>
      <Card
        title="Tally export"
        description="Sales, credit notes, counter sales, receipts and refunds, khata payments and credit sales, and purchase bills as Tally vouchers (Gateway of Tally → Import → Transactions)."
      >
        <div className="flex flex-wrap items-end gap-3 text-sm">
          <label className="flex flex-col gap-1">
            <span className="font-medium">From</span>
            <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} className="h-10 rounded-md border border-border bg-surface px-3" />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">To</span>
            <input type="date" value={to} onChange={(e) => setTo(e.target.value)} className="h-10 rounded-md border border-border bg-surface px-3" />
          </label>
          <a href={from && to ? tallyXmlUrl(from, to) : undefined} download className={buttonClasses({ size: 'sm' })}>
            Download Tally XML
          </a>
        </div>
      </Card>
      <Card title="Tally ledger names" description="The export books to these ledgers: name them as they are in your Tally company.">
        <TallyLedgersForm />
      </Card>
      <OrdersWithoutInvoiceCard />
    </div>
  )
}

function Gstr3bSummary({ period }: { period: string }) {
  const q = useGstr3b(period)
  if (q.isPending) return <Spinner />
  if (q.isError) return <p className="text-sm text-danger">{errorText(q.error)}</p>
  const b: Gstr3b = q.data
  const returns = b.itc_bills?.filter((x) => x.counted && x.kind === 'debit_note').length ?? 0
  const cell = 'px-2 py-1.5 text-right tabular-nums'
  return (
    <div className="space-y-3 text-sm">
      <table className="w-full">
        <caption className="sr-only">3.1(a) outward taxable supplies by rate</caption>
        <thead className="text-muted">
          <tr>
            <th className="px-2 py-1.5 text-left font-medium">3.1(a) by rate</th>
            <th className={cell}>Taxable value</th>
            <th className={cell}>IGST</th>
            <th className={cell}>CGST</th>
            <th className={cell}>SGST</th>
            <th className={cell}>Cess</th>
          </tr>
        </thead>
        <tbody>
          {b.outward_taxable.by_rate.map((r) => (
            <tr key={r.rate} className="border-t border-border">
              <td className="px-2 py-1.5">{r.rate} %</td>
              <td className={cell}>{rs(r.taxable)}</td>
              <td className={cell}>{rs(r.igst)}</td>
              <td className={cell}>{rs(r.cgst)}</td>
              <td className={cell}>{rs(r.sgst)}</td>
              <td className={cell}>{rs(r.cess)}</td>
            </tr>
          ))}
          <tr className="border-t border-border font-semibold">
            <td className="px-2 py-1.5">Total</td>
            <td className={cell}>{rs(b.outward_taxable.taxable)}</td>
            <td className={cell}>{rs(b.outward_taxable.igst)}</td>
            <td className={cell}>{rs(b.outward_taxable.cgst)}</td>
            <td className={cell}>{rs(b.outward_taxable.sgst)}</td>
            <td className={cell}>{rs(b.outward_taxable.cess)}</td>
          </tr>
        </tbody>
      </table>
      <p>3.1(c) nil-rated and exempt: {rs(b.outward_nil_exempt.taxable)}</p>
      {b.inter_state_unregistered.length > 0 && (
        <p>3.2 inter-state to unregistered persons: {b.inter_state_unregistered.map((r) => `${r.pos} ${rs(r.taxable)} (IGST ${rs(r.igst)})`).join('; ')}</p>
      )}
      {b.itc && (
        <p data-testid="gstr3b-itc">
          4(A)(5) All other ITC from {b.itc_bills?.filter((x) => x.counted && x.kind === 'bill').length ?? 0} purchase bills
          {returns > 0 && `, less ${returns} debit note${returns === 1 ? '' : 's'}`}: IGST {rs(b.itc.igst)} · CGST {rs(b.itc.cgst)} · SGST {rs(b.itc.sgst)} ·
          Cess {rs(b.itc.cess)} (taxable value {rs(b.itc.taxable)})
        </p>
      )}
      <p className="rounded-md bg-accent/10 px-3 py-2">4. Input tax credit: {b.itc_note}</p>
    </div>
  )
}

function OrdersWithoutInvoiceCard() {
  const q = useOrdersWithoutInvoice()
  if (!q.data || q.data.total === 0) return null
  return (
    <Card
      title={`Orders without a tax invoice (${q.data.total})`}
      description="Confirmed before the GST registration was saved: they are in no return until invoices are issued for them (Tax & invoices → Issue missing invoices)."
    >
      <ul className="divide-y divide-border text-sm">
        {q.data.data.map((o) => (
          <li key={o.order_id} className="flex justify-between gap-3 py-1.5">
            <span>
              {o.order_number} · {new Date(o.placed_at).toLocaleDateString('en-IN')} · {o.channel}
            </span>
            <span className="tabular-nums">{rs(o.total)}</span>
          </li>
        ))}
      </ul>
    </Card>
  )
}
