import { useState } from 'react'
import type { PincodePreview } from '../../../../common/contracts/admin-delivery'
import { errorText } from '../../../lib/error-text'
import { fieldErrors } from '../../../lib/field-errors'
import { Button } from '../../../ui/button'
import { confirm } from '../../../ui/confirm-dialog'
import { FileField } from '../../../ui/file-field'
import { TextField } from '../../../ui/form-field'
import { Pagination } from '../../../ui/pagination'
import { SearchField } from '../../../ui/search-field'
import { SelectField } from '../../../ui/select-field'
import { Spinner } from '../../../ui/spinner'
import { TextareaField } from '../../../ui/textarea-field'
import { toast } from '../../../ui/toast'
import { Card } from '../../../staff/ui/card'
import { useAddPincodes, useDeliveryPincodes, usePreviewPincodes, useRemovePincodes, useSetPincodeDays } from './api'
import type { WarehouseOption } from './warehouse-option'

const PER_PAGE = 20 as const
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`

/** A CSV's first column, one pincode a line (a header such as "pincode" shows up as invalid in the preview). */
export const csvFirstColumn = (csv: string) =>
  csv
    .split(/\r?\n/)
    .map((line) => line.split(',')[0]?.trim() ?? '')
    .filter(Boolean)
    .join('\n')

export function DeliveryPincodes({ warehouses }: { warehouses: WarehouseOption[] }) {
  return (
    <>
      <AddPincodes warehouses={warehouses} />
      <PincodeTable warehouses={warehouses} />
    </>
  )
}

function AddPincodes({ warehouses }: { warehouses: WarehouseOption[] }) {
  const [warehouseId, setWarehouseId] = useState('')
  const [text, setText] = useState('')
  const [days, setDays] = useState('0')
  const [preview, setPreview] = useState<PincodePreview | null>(null)
  const [error, setError] = useState<string | null>(null)
  const previewCall = usePreviewPincodes()
  const add = useAddPincodes()
  const chosen = warehouseId ? Number(warehouseId) : (warehouses[0]?.id ?? null)

  const runPreview = async () => {
    setError(null)
    if (!chosen) return
    if (!text.trim()) return setError('Paste pincodes or choose a CSV file first')
    try {
      setPreview(await previewCall.mutateAsync({ warehouseId: chosen, text }))
    } catch (err) {
      setError(errorText(err))
    }
  }
  const save = async () => {
    if (!chosen || !preview?.new.length) return
    setError(null)
    try {
      const { added } = await add.mutateAsync({ warehouseId: chosen, pincodes: preview.new, deliveryDays: Number(days) })
      toast.success(`${plural(added.length, 'pincode')} added`)
      setText('')
      setPreview(null)
    } catch (err) {
      const fields = fieldErrors(err)
      setError(fields.delivery_days ?? fields.pincodes ?? errorText(err))
    }
  }
  const warehouseName = warehouses.find((w) => w.id === chosen)?.name ?? ''

  return (
    <Card
      title="Add pincodes"
      description="Paste pincodes separated by commas, spaces or new lines, or choose a CSV whose first column holds them. Nothing changes until you save."
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
        <SelectField
          label="Warehouse"
          value={String(chosen ?? '')}
          onChange={(e) => {
            setWarehouseId(e.target.value)
            setPreview(null)
          }}
          options={warehouses.map((w) => ({ value: String(w.id), label: w.name }))}
        />
        <TextField
          label="Delivery days"
          type="number"
          min={0}
          max={30}
          inputMode="numeric"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          hint="0 = same day"
        />
      </div>
      <TextareaField
        className="mt-3"
        label="Pincodes"
        rows={4}
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          setPreview(null)
        }}
        placeholder="560001, 560002 560003"
      />
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <FileField
          label="Or a CSV file"
          accept=".csv,text/csv,text/plain"
          onFileChange={async (file) => {
            if (!file) return
            setText(csvFirstColumn(await file.text()))
            setPreview(null)
          }}
        />
        <Button variant="outline" onClick={() => void runPreview()} loading={previewCall.isPending}>
          Preview
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      )}
      {preview && (
        <section aria-label="Preview" className="mt-4 rounded-md border border-border bg-background p-3 text-sm">
          <ul className="flex flex-col gap-2">
            <PreviewLine tone="text-success" label={`${plural(preview.new.length, 'new pincode')} for ${warehouseName}`} items={preview.new} />
            <PreviewLine tone="text-muted" label={`${plural(preview.already.length, 'pincode')} this warehouse serves already`} items={preview.already} />
            <PreviewLine
              tone="text-[#9a6700]"
              label={`${plural(preview.taken.length, 'pincode')} served by another warehouse (left there)`}
              items={preview.taken.map((t) => `${t.pincode} (${t.warehouse_name})`)}
            />
            <PreviewLine
              tone="text-danger"
              label={`${plural(preview.invalid.length, 'entry', 'entries')} that are not pincodes (6 digits, not starting with 0)`}
              items={preview.invalid}
            />
          </ul>
          <div className="mt-3 flex gap-2">
            <Button onClick={() => void save()} loading={add.isPending} disabled={preview.new.length === 0}>
              {preview.new.length ? `Add ${plural(preview.new.length, 'pincode')}` : 'Nothing new to add'}
            </Button>
            <Button variant="ghost" onClick={() => setPreview(null)}>
              Cancel
            </Button>
          </div>
        </section>
      )}
    </Card>
  )
}

function PreviewLine({ label, items, tone }: { label: string; items: string[]; tone: string }) {
  if (items.length === 0) return null
  const shown = items.slice(0, 30)
  return (
    <li>
      <span className={`font-semibold ${tone}`}>{label}</span>
      <span className="ml-2 break-words text-muted">
        {shown.join(', ')}
        {items.length > shown.length && ` and ${items.length - shown.length} more`}
      </span>
    </li>
  )
}

function PincodeTable({ warehouses }: { warehouses: WarehouseOption[] }) {
  const [q, setQ] = useState('')
  const [warehouseId, setWarehouseId] = useState('')
  const [page, setPage] = useState(1)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [bulkDays, setBulkDays] = useState('1')
  const query = { page, perPage: PER_PAGE, sort: 'pincode' as const, q: q || undefined, warehouse_id: warehouseId ? Number(warehouseId) : undefined }
  const list = useDeliveryPincodes(query)
  const remove = useRemovePincodes()
  const setDays = useSetPincodeDays()
  const rows = list.data?.data ?? []

  const removeSome = async (pincodes: string[]) => {
    const ok = await confirm({
      title: pincodes.length === 1 ? `Stop delivering to ${pincodes[0]}?` : `Stop delivering to ${pincodes.length} pincodes?`,
      message: 'Shoppers there will be told you do not deliver yet. Orders already placed are delivered as booked.',
      confirmText: 'Remove',
      danger: true,
    })
    if (!ok) return
    try {
      const { removed } = await remove.mutateAsync(pincodes)
      toast.success(`${plural(removed.length, 'pincode')} removed`)
      setSelected(new Set())
    } catch (err) {
      toast.fromError(err)
    }
  }
  const changeDays = async (pincodes: string[], days: number) => {
    try {
      await setDays.mutateAsync({ pincodes, deliveryDays: days })
      toast.success(`Delivery days saved for ${plural(pincodes.length, 'pincode')}`)
    } catch (err) {
      toast.fromError(err)
    }
  }
  const toggle = (p: string) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(p)) next.delete(p)
      else next.add(p)
      return next
    })
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.pincode))

  return (
    <Card title="Pincodes served" description="Each pincode is served by one warehouse; its delivery days say how soon an order can arrive.">
      <div className="mb-3 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <SearchField
          aria-label="Search pincodes"
          autoFocusDelay={false}
          className="self-end"
          inputMode="numeric"
          value={q}
          onChange={(e) => {
            setQ(e.target.value.replace(/\D/g, '').slice(0, 6))
            setPage(1)
          }}
          placeholder="Search pincodes (starts with…)"
        />
        <SelectField
          label="Warehouse"
          value={warehouseId}
          onChange={(e) => {
            setWarehouseId(e.target.value)
            setPage(1)
          }}
          placeholder="All warehouses"
          options={warehouses.map((w) => ({ value: String(w.id), label: w.name }))}
        />
      </div>
      {selected.size > 0 && (
        <div role="region" aria-label="Selected pincodes" className="mb-3 flex flex-wrap items-end gap-2 rounded-md bg-primary/10 p-2 text-sm">
          <span className="self-center font-medium">{plural(selected.size, 'pincode')} selected</span>
          <TextField label="Delivery days" type="number" min={0} max={30} value={bulkDays} onChange={(e) => setBulkDays(e.target.value)} className="w-28" />
          <Button size="sm" variant="outline" onClick={() => void changeDays([...selected], Number(bulkDays))} loading={setDays.isPending}>
            Set days
          </Button>
          <Button size="sm" variant="danger" onClick={() => void removeSome([...selected])} loading={remove.isPending}>
            Remove
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear
          </Button>
        </div>
      )}
      {list.isPending && (
        <div className="flex justify-center py-12">
          <Spinner label="Loading pincodes" className="size-6 text-primary" />
        </div>
      )}
      {list.error && (
        <p role="alert" className="text-sm text-danger">
          {errorText(list.error)}{' '}
          <Button variant="ghost" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </p>
      )}
      {list.data && rows.length === 0 && (
        <p className="py-8 text-center text-sm text-muted">{q ? `No pincode starts with ${q}.` : 'No pincodes yet: add some above.'}</p>
      )}
      {rows.length > 0 && (
        <div className="overflow-x-auto rounded-md border border-border">
          <table className="w-full text-sm">
            <caption className="sr-only">Pincodes served</caption>
            <thead className="bg-background text-left text-xs uppercase text-muted">
              <tr>
                <th className="w-10 px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label="Select all pincodes on this page"
                    checked={allOnPage}
                    onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.pincode)))}
                  />
                </th>
                <th className="px-3 py-2 font-semibold">Pincode</th>
                <th className="hidden px-3 py-2 font-semibold sm:table-cell">Warehouse</th>
                <th className="px-3 py-2 font-semibold">Delivery days</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.pincode} className="border-t border-border">
                  <td className="px-3 py-2">
                    <input type="checkbox" aria-label={`Select ${r.pincode}`} checked={selected.has(r.pincode)} onChange={() => toggle(r.pincode)} />
                  </td>
                  <td className="px-3 py-2 font-medium tabular-nums">{r.pincode}</td>
                  <td className="hidden px-3 py-2 text-muted sm:table-cell">{r.warehouse_name}</td>
                  <td className="px-3 py-2">
                    <select
                      aria-label={`Delivery days for ${r.pincode}`}
                      value={r.delivery_days}
                      onChange={(e) => void changeDays([r.pincode], Number(e.target.value))}
                      className="h-8 rounded-md border border-border bg-surface px-2"
                    >
                      {Array.from({ length: 8 }, (_, d) => d)
                        .concat(r.delivery_days > 7 ? [r.delivery_days] : [])
                        .map((d) => (
                          <option key={d} value={d}>
                            {d === 0 ? 'Same day' : d === 1 ? 'Next day' : `${d} days`}
                          </option>
                        ))}
                    </select>
                  </td>
                  <td className="py-2 pr-1 text-right sm:px-3">
                    <Button size="sm" variant="ghost" className="px-2" onClick={() => void removeSome([r.pincode])} aria-label={`Remove ${r.pincode}`}>
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && list.data.meta.total > PER_PAGE && (
        <Pagination className="mt-3" page={page} total={list.data.meta.total} perPage={PER_PAGE} onChange={setPage} />
      )}
    </Card>
  )
}
