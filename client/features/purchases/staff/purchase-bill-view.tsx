import { useEffect, useState } from 'react'
import type { PurchaseInput } from '../../../../common/contracts/admin-purchases'
import { GST_RATES } from '../../../../common/contracts/admin-catalogue'
import { formatINR } from '../../../../common/money'
import { ApiError, errorText } from '../../../lib/error-text'
import { Link, useSearchParams } from '../../../lib/router'
import { staffPath } from '../../../staff/staff-paths'
import { PageHeader } from '../../../staff/ui/page-header'
import { Button } from '../../../ui/button'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { SelectField } from '../../../ui/select-field'
import { toast } from '../../../ui/toast'
import { useAllSuppliers, useReceivePurchase, useShopState, useWarehouseList } from './api'
import { usePurchaseOrder } from './books-api'
import { type BillLineValues, billFigures, lineFigures } from './bill-money'
import { BillCsvImport, type CsvBillLine } from './bill-csv-import'
import { PackPicker } from './pack-picker'

interface Line extends BillLineValues {
  key: number
  pack_id: number
  label: string
  batch: string
  expiry: string
  mrp: string
}

let nextKey = 1
const COLUMNS = ['Qty', 'Free', 'Cost ₹', 'Discount ₹', 'GST %', 'Batch', 'Expiry', 'MRP ₹'] as const
const FIELD_OF: Record<(typeof COLUMNS)[number], keyof Line> = {
  Qty: 'quantity',
  Free: 'free_quantity',
  'Cost ₹': 'cost_price',
  'Discount ₹': 'discount',
  'GST %': 'gst_rate',
  Batch: 'batch',
  Expiry: 'expiry',
  'MRP ₹': 'mrp',
}

const toBody = (supplierId: string, warehouseId: string, billNumber: string, billDate: string, lines: Line[], orderId: number | null): PurchaseInput => ({
  supplier_id: Number(supplierId),
  ...(orderId ? { purchase_order_id: orderId } : {}),
  warehouse_id: Number(warehouseId),
  bill_number: billNumber.trim() || null,
  ...(billDate ? { bill_date: billDate } : {}),
  lines: lines.map((l) => ({
    pack_id: l.pack_id,
    quantity: Number(l.quantity),
    free_quantity: Number(l.free_quantity) || 0,
    cost_price: Number(l.cost_price),
    discount: Number(l.discount) || 0,
    gst_rate: Number(l.gst_rate) as PurchaseInput['lines'][number]['gst_rate'],
    batch: l.batch,
    expiry: l.expiry || null,
    mrp: l.mrp.trim() ? Number(l.mrp) : null,
  })),
})

/**
 * A supplier's bill typed in as it came: per line the pack, quantity and free units, cost, discount, GST rate, batch,
 * expiry and MRP; totals with CGST + SGST (a supplier in the shop's state) or IGST. Saving receives it into stock.
 */
export function PurchaseBillView() {
  const suppliers = useAllSuppliers()
  const warehouses = useWarehouseList()
  const shop = useShopState()
  const receive = useReceivePurchase()
  const [supplierId, setSupplierId] = useState('')
  const [warehouseId, setWarehouseId] = useState('')
  const [billNumber, setBillNumber] = useState('')
  const [billDate, setBillDate] = useState('')
  const [lines, setLines] = useState<Line[]>([])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [lastBill, setLastBill] = useState<number | null>(null)
  // ?order=ID: the bill is received against that purchase order, its lines prefilled with what is still to come
  const [params, setParams] = useSearchParams()
  const orderId = Number(params.get('order')) || null
  const order = usePurchaseOrder(orderId)
  useEffect(() => {
    const o = order.data
    if (!o) return
    setSupplierId(String(o.supplier_id))
    setWarehouseId(String(o.warehouse_id))
    setLines(
      o.lines
        .filter((l) => l.remaining > 0)
        .map((l) => ({
          key: nextKey++,
          pack_id: l.pack_id,
          label: `${l.product_name}, ${l.pack_name}`,
          quantity: String(l.remaining),
          free_quantity: '0',
          cost_price: String(l.cost_price),
          discount: '0',
          gst_rate: String(l.gst_rate),
          batch: '',
          expiry: '',
          mrp: '',
        })),
    )
  }, [order.data])

  const supplier = suppliers.data?.data.find((s) => String(s.id) === supplierId)
  const shopState = shop.data && 'state' in shop.data ? (shop.data.state as string | null) : null
  const intraState = !supplier?.state || !shopState || supplier.state === shopState
  const totals = billFigures(lines, intraState)

  const add = (pack: { pack_id: number; product_name: string; pack_name: string }) => {
    setLines((ls) => [
      ...ls,
      {
        key: nextKey++,
        pack_id: pack.pack_id,
        label: `${pack.product_name}, ${pack.pack_name}`,
        quantity: '1',
        free_quantity: '0',
        cost_price: '',
        discount: '0',
        gst_rate: '5',
        batch: '',
        expiry: '',
        mrp: '',
      },
    ])
  }
  const fromCsv = (csv: CsvBillLine[]) =>
    setLines((ls) => [
      ...ls,
      ...csv.map((l) => ({
        key: nextKey++,
        pack_id: l.pack_id,
        label: l.label,
        quantity: String(l.quantity),
        free_quantity: String(l.free_quantity ?? 0),
        cost_price: String(l.cost_price),
        discount: String(l.discount ?? 0),
        gst_rate: String(l.gst_rate ?? 0),
        batch: l.batch,
        expiry: l.expiry ?? '',
        mrp: l.mrp == null ? '' : String(l.mrp),
      })),
    ])
  const change = (key: number, field: keyof Line, value: string) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, [field]: value } : l)))

  const save = () => {
    setFormError(null)
    setErrors({})
    receive.mutate(toBody(supplierId, warehouseId, billNumber, billDate, lines, orderId), {
      onSuccess: (bill) => {
        toast.success(`Bill ${bill.bill_number ?? `#${bill.id}`} received: ${bill.lines.length} lines into stock`)
        setLines([])
        setBillNumber('')
        setLastBill(bill.id)
        if (orderId) setParams(new URLSearchParams(), { replace: true })
      },
      onError: (err) => {
        const body = err instanceof ApiError ? (err.body as { errors?: Record<string, string> }) : null
        if (err instanceof ApiError && err.status === 422 && body?.errors) setErrors(body.errors)
        setFormError(errorText(err))
      },
    })
  }

  return (
    <>
      <PageHeader
        title="New purchase bill"
        description="Type in a supplier’s bill as it came; saving receives every line into stock as a batch with its expiry."
      />
      <div className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-4">
        <FormAlert message={formError ?? errors.purchase_order_id ?? null} />
        {lastBill && (
          <p className="text-sm" role="status">
            <Link to={staffPath('/bos/admin/shelf-labels', `purchase=${lastBill}`)} className="font-medium text-primary underline">
              Print shelf labels for the bill just received
            </Link>
          </p>
        )}
        {order.data && orderId && (
          <p className="rounded-md bg-surface-2 p-3 text-sm" role="status">
            Receiving against {order.data.number} to {order.data.supplier_name}: the lines show what is still to come.
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-4">
          <SelectField
            label="Supplier"
            required
            value={supplierId}
            onChange={(e) => setSupplierId(e.target.value)}
            error={errors.supplier_id}
            options={(suppliers.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.state ? `${s.name} (${s.state})` : s.name }))}
          />
          <SelectField
            label="Into warehouse"
            required
            value={warehouseId}
            onChange={(e) => setWarehouseId(e.target.value)}
            error={errors.warehouse_id}
            options={(warehouses.data?.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
          />
          <TextField label="Bill number" value={billNumber} onChange={(e) => setBillNumber(e.target.value)} error={errors.bill_number} />
          <TextField label="Bill date" type="date" value={billDate} onChange={(e) => setBillDate(e.target.value)} error={errors.bill_date} />
        </div>
        <div className="flex flex-wrap items-start gap-6">
          <PackPicker warehouseId={warehouseId} onPick={add} />
          <BillCsvImport warehouseId={warehouseId} onLines={fromCsv} />
        </div>
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label="Bill lines">
            <thead>
              <tr className="text-left text-muted">
                <th className="p-2">Pack</th>
                {COLUMNS.map((c) => (
                  <th key={c} className="p-2">
                    {c}
                  </th>
                ))}
                <th className="p-2 text-right">Taxable</th>
                <th className="p-2 text-right">GST</th>
                <th className="p-2">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.length === 0 && (
                <tr>
                  <td colSpan={COLUMNS.length + 4} className="p-4 text-center text-muted">
                    No lines yet: add the bill’s packs above.
                  </td>
                </tr>
              )}
              {lines.map((l, i) => {
                const f = lineFigures(l)
                return (
                  <tr key={l.key} className="border-t border-border align-top">
                    <td className="p-2 font-medium">{l.label}</td>
                    {COLUMNS.map((c) => {
                      const field = FIELD_OF[c]
                      const error = errors[`lines.${i}.${field}`]
                      if (field === 'gst_rate')
                        return (
                          <td key={c} className="p-1">
                            <select
                              aria-label={`${c}, line ${i + 1}`}
                              className="h-9 rounded-md border border-border bg-surface px-2"
                              value={l.gst_rate}
                              onChange={(e) => change(l.key, 'gst_rate', e.target.value)}
                            >
                              {GST_RATES.map((r) => (
                                <option key={r} value={String(r)}>
                                  {r}
                                </option>
                              ))}
                            </select>
                          </td>
                        )
                      return (
                        <td key={c} className="p-1">
                          <input
                            aria-label={`${c}, line ${i + 1}`}
                            aria-invalid={error ? true : undefined}
                            title={error}
                            type={field === 'expiry' ? 'date' : 'text'}
                            inputMode={field === 'batch' || field === 'expiry' ? undefined : 'decimal'}
                            className={`h-9 rounded-md border bg-surface px-2 ${field === 'batch' || field === 'expiry' ? 'w-36' : 'w-20'} ${error ? 'border-danger' : 'border-border'}`}
                            value={l[field] as string}
                            onChange={(e) => change(l.key, field, e.target.value)}
                          />
                          {error && <p className="mt-1 max-w-40 text-xs text-danger">{error}</p>}
                        </td>
                      )
                    })}
                    <td className="p-2 text-right tabular-nums">{formatINR(f.taxable)}</td>
                    <td className="p-2 text-right tabular-nums">{formatINR(f.tax)}</td>
                    <td className="p-1">
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Remove line ${i + 1}`}
                        onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                      >
                        Remove
                      </Button>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
        <dl aria-label="Bill totals" className="ml-auto grid w-72 grid-cols-2 gap-1 text-sm tabular-nums">
          <dt>Taxable value</dt>
          <dd className="text-right">{formatINR(totals.taxable)}</dd>
          {intraState ? (
            <>
              <dt>CGST</dt>
              <dd className="text-right">{formatINR(totals.cgst)}</dd>
              <dt>SGST</dt>
              <dd className="text-right">{formatINR(totals.sgst)}</dd>
            </>
          ) : (
            <>
              <dt>IGST</dt>
              <dd className="text-right">{formatINR(totals.igst)}</dd>
            </>
          )}
          <dt className="font-semibold">Bill total</dt>
          <dd className="text-right font-semibold">{formatINR(totals.total)}</dd>
        </dl>
        <div className="flex justify-end border-t border-border pt-4">
          <Button onClick={save} loading={receive.isPending} disabled={!lines.length || !supplierId || !warehouseId}>
            Receive into stock
          </Button>
        </div>
      </div>
    </>
  )
}
