import { useState } from 'react'
import type { BillCsvLine } from '../../../../common/contracts/admin-supplier-books'
import type { PurchaseLineInput } from '../../../../common/contracts/admin-purchases'
import { errorText } from '../../../lib/error-text'
import { Button } from '../../../ui/button'
import { FormAlert } from '../../../ui/form-alert'
import { Modal } from '../../../ui/modal'
import { usePreviewBillCsv } from './books-api'

export type CsvBillLine = PurchaseLineInput & { label: string }

const COLUMN_LABEL: Record<string, string> = {
  sku: 'SKU',
  barcode: 'Barcode',
  quantity: 'Qty',
  free_quantity: 'Free',
  cost_price: 'Cost',
  discount: 'Discount',
  gst_rate: 'GST %',
  batch: 'Batch',
  expiry: 'Expiry',
  mrp: 'MRP',
}

/**
 * A supplier's bill as a CSV file: read by the server line by line, its problems shown per row and column; a file
 * without problems adds its lines to the bill, to be checked and received as typed ones are.
 */
export function BillCsvImport({ warehouseId, onLines }: { warehouseId: string; onLines: (lines: CsvBillLine[]) => void }) {
  const preview = usePreviewBillCsv()
  const [lines, setLines] = useState<BillCsvLine[] | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const read = async (file: File | undefined) => {
    if (!file) return
    setFileError(null)
    preview.mutate(
      { warehouse_id: Number(warehouseId), csv: await file.text() },
      { onSuccess: (a) => setLines(a.lines), onError: (err) => setFileError(errorText(err)) },
    )
  }
  const problems = lines?.filter((l) => Object.keys(l.errors).length) ?? []
  return (
    <div className="flex flex-col gap-1">
      <label className="text-sm font-medium">
        Import the bill (CSV)
        <input
          type="file"
          accept=".csv,text/csv"
          disabled={!warehouseId}
          className="mt-1 block text-sm"
          onChange={(e) => {
            void read(e.target.files?.[0])
            e.target.value = ''
          }}
        />
      </label>
      <p className="text-xs text-muted">Columns: SKU or Barcode, Qty, Free, Rate, Discount, GST %, Batch, Expiry, MRP.</p>
      <FormAlert message={fileError} />
      <Modal
        open={lines !== null}
        onClose={() => setLines(null)}
        title="The bill’s lines from the file"
        description={problems.length ? `${problems.length} rows have problems: correct the file and import it again.` : 'Every row reads well.'}
        width={760}
        footer={
          <>
            <Button variant="outline" onClick={() => setLines(null)}>
              Close
            </Button>
            <Button
              disabled={!lines?.length || problems.length > 0}
              onClick={() => {
                onLines((lines ?? []).map((l) => ({ ...(l.line as PurchaseLineInput), label: `${l.product_name}, ${l.pack_name}` })))
                setLines(null)
              }}
            >
              Add {lines?.length ?? 0} lines to the bill
            </Button>
          </>
        }
      >
        <table className="w-full text-sm" aria-label="Lines read from the file">
          <thead>
            <tr className="text-left text-muted">
              <th className="p-2">Row</th>
              <th className="p-2">Pack</th>
              <th className="p-2">Qty</th>
              <th className="p-2">Batch</th>
              <th className="p-2">Expiry</th>
              <th className="p-2">Problems</th>
            </tr>
          </thead>
          <tbody>
            {(lines ?? []).map((l) => (
              <tr key={l.row} className="border-t border-border align-top">
                <td className="p-2 tabular-nums">{l.row}</td>
                <td className="p-2">{l.product_name ? `${l.product_name}, ${l.pack_name}` : '—'}</td>
                <td className="p-2 tabular-nums">{(l.line?.quantity as number | undefined) ?? '—'}</td>
                <td className="p-2">{(l.line?.batch as string | undefined) ?? '—'}</td>
                <td className="p-2">{(l.line?.expiry as string | null | undefined) ?? '—'}</td>
                <td className="p-2 text-danger">
                  {Object.entries(l.errors).map(([k, v]) => (
                    <div key={k}>
                      {COLUMN_LABEL[k] ?? k}: {v}
                    </div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Modal>
    </div>
  )
}
