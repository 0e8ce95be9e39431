import { useState } from 'react'
import { TextField } from '../../../ui/form-field'
import { usePackSearch } from './api'

export interface PickedPack {
  pack_id: number
  product_name: string
  pack_name: string
}

/** Finds a pack at the warehouse by product or pack name, SKU or barcode, for a bill's or an order's lines. */
export function PackPicker({ warehouseId, onPick }: { warehouseId: string; onPick: (pack: PickedPack) => void }) {
  const [search, setSearch] = useState('')
  const found = usePackSearch(search, warehouseId ? Number(warehouseId) : null)
  return (
    <div className="relative max-w-md">
      <TextField
        label="Add a pack"
        placeholder={warehouseId ? 'Product name, SKU or barcode' : 'Choose the warehouse first'}
        disabled={!warehouseId}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {search.trim().length >= 2 && (found.data?.data.length ?? 0) > 0 && (
        <ul aria-label="Packs found" className="absolute z-10 mt-1 w-full rounded-md border border-border bg-surface shadow-lg">
          {found.data?.data.map((p) => (
            <li key={`${p.pack_id}:${p.warehouse_id}`}>
              <button
                type="button"
                className="w-full px-3 py-2 text-left text-sm hover:bg-surface-2"
                onClick={() => {
                  onPick(p)
                  setSearch('')
                }}
              >
                {p.product_name}, {p.pack_name} <span className="text-muted">· {p.on_hand} on hand</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
