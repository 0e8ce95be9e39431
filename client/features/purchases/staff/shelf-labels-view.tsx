import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { purchaseLabels } from '../../../../common/contracts/admin-supplier-books'
import { useApi } from '../../../lib/api-context'
import { errorText } from '../../../lib/error-text'
import { useSearchParams } from '../../../lib/router'
import { PageHeader } from '../../../staff/ui/page-header'
import { Button } from '../../../ui/button'
import { SelectField } from '../../../ui/select-field'
import { SHEETS, type SheetKind, ShelfSheets } from './shelf-sheets'

/** Shelf labels for a purchase bill's packs (?purchase=ID): how many of each, which A4 sheet, then print. */
export function ShelfLabelsView() {
  const api = useApi()
  const [params] = useSearchParams()
  const purchaseId = Number(params.get('purchase')) || null
  const labels = useQuery({
    queryKey: ['admin', 'purchase-labels', purchaseId],
    queryFn: () => api.call(purchaseLabels, { params: { id: purchaseId! } }),
    enabled: purchaseId !== null,
  })
  const [copies, setCopies] = useState<number[]>([])
  const [kind, setKind] = useState<SheetKind>('24')
  const rows = labels.data?.data ?? []
  useEffect(() => setCopies((labels.data?.data ?? []).map(() => 1)), [labels.data])
  return (
    <>
      <PageHeader
        title="Shelf labels"
        description="One label per pack on the shelf: name, pack, MRP, your price, a barcode the counter scans, and the expiry. Print at 100 % with no margins."
        actions={
          <Button onClick={() => window.print()} disabled={!copies.some((n) => n > 0)}>
            Print labels
          </Button>
        }
      />
      {!purchaseId && <p className="text-muted">Open this from a purchase bill to print its packs’ labels.</p>}
      {labels.error && <p className="text-danger">{errorText(labels.error)}</p>}
      {rows.length > 0 && (
        <div className="mb-6 flex flex-col gap-3 print:hidden">
          <SelectField
            label="Label sheet"
            className="max-w-sm"
            value={kind}
            onChange={(e) => setKind(e.target.value as SheetKind)}
            options={Object.entries(SHEETS).map(([value, s]) => ({ value, label: s.label }))}
          />
          <table className="w-full max-w-2xl text-sm" aria-label="Labels to print">
            <thead>
              <tr className="text-left text-muted">
                <th className="p-2">Pack</th>
                <th className="p-2">Batch</th>
                <th className="p-2">Labels</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((l, i) => (
                <tr key={`${l.pack_id}:${l.batch}`} className="border-t border-border">
                  <td className="p-2">
                    {l.product_name}, {l.pack_name}
                  </td>
                  <td className="p-2">{l.batch}</td>
                  <td className="p-1">
                    <input
                      aria-label={`Labels of ${l.product_name}, ${l.pack_name}`}
                      inputMode="numeric"
                      className="h-9 w-20 rounded-md border border-border bg-surface px-2"
                      value={copies[i] ?? 1}
                      onChange={(e) => {
                        const n = Math.min(Math.max(Number.parseInt(e.target.value, 10) || 0, 0), l.units)
                        setCopies((c) => c.map((x, j) => (j === i ? n : x)))
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ShelfSheets labels={rows} copies={copies} kind={kind} />
    </>
  )
}
