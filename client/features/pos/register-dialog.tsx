import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { createRegister, listRegisters, renameRegister } from '../../../common/contracts/pos-registers'
import { useApi } from '../../lib/api-context'
import { cn } from '../../lib/cn'
import { errorText } from '../../lib/error-text'
import { fieldErrors } from '../../lib/field-errors'
import { Button } from '../../ui/button'
import { FormAlert } from '../../ui/form-alert'
import { TextField } from '../../ui/form-field'
import { Modal } from '../../ui/modal'
import { SelectField } from '../../ui/select-field'

const KEY = ['pos', 'registers']

/**
 * Which register this counter works on (remembered on the device), and the website's registers: renamed, or a new
 * one added at a warehouse (a second till at the same shop, or a shop that has none yet).
 */
export function RegisterDialog({ open, current, onClose, onChoose }: { open: boolean; current: number; onClose: () => void; onChoose: (id: number) => void }) {
  const api = useApi()
  const qc = useQueryClient()
  const places = useQuery({ queryKey: KEY, queryFn: () => api.call(listRegisters), enabled: open, retry: false })
  const [editing, setEditing] = useState<number | null>(null)
  const [name, setName] = useState('')
  const [warehouse, setWarehouse] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const registers = places.data?.registers ?? []
  const warehouses = [
    ...new Map([...registers.map((r) => [r.warehouse_id, r.warehouse] as const), ...(places.data?.warehouses ?? []).map((w) => [w.id, w.name] as const)]),
  ]
  const save = async (e: FormEvent, id: number | null) => {
    e.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      if (id) await api.call(renameRegister, { params: { id }, body: { name } })
      else await api.call(createRegister, { body: { name, warehouse_id: Number(warehouse || warehouses[0]?.[0]) } })
      setEditing(null)
      setName('')
      await qc.invalidateQueries({ queryKey: KEY })
    } catch (err) {
      const f = fieldErrors(err)
      setErrors(Object.keys(f).length ? f : { form: errorText(err) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal open={open} onClose={onClose} title="Registers" width={560}>
      <div className="flex flex-col gap-4">
        <FormAlert message={places.isError ? errorText(places.error) : (errors.form ?? null)} />
        <ul aria-label="Registers" className="flex flex-col gap-2">
          {registers.map((r) => (
            <li key={r.id} aria-label={r.name} className={cn('rounded-lg border p-3', r.id === current ? 'border-primary bg-primary/5' : 'border-border')}>
              {editing === r.id ? (
                <form onSubmit={(e) => save(e, r.id)} aria-label={`Rename ${r.name}`} className="flex items-end gap-2">
                  <TextField label="New name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} className="flex-1" autoFocus />
                  <Button type="submit" loading={busy}>
                    Save
                  </Button>
                  <Button variant="outline" onClick={() => setEditing(null)}>
                    Cancel
                  </Button>
                </form>
              ) : (
                <div className="flex flex-wrap items-center gap-2">
                  <span className="mr-auto flex flex-col">
                    <span className="font-medium">{r.name}</span>
                    <span className="text-sm text-muted">
                      Sells from {r.warehouse}
                      {r.open_by ? ` · shift open (${r.open_by})` : ''}
                    </span>
                  </span>
                  <Button
                    variant="outline"
                    aria-label={`Rename ${r.name}`}
                    onClick={() => {
                      setEditing(r.id)
                      setName(r.name)
                      setErrors({})
                    }}
                  >
                    Rename
                  </Button>
                  {r.id === current ? (
                    <span className="px-2 text-sm font-semibold text-primary">This counter</span>
                  ) : (
                    <Button aria-label={`Use ${r.name}`} onClick={() => onChoose(r.id)}>
                      Use here
                    </Button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted">This device remembers the register it uses.</p>
        {editing === null && warehouses.length > 0 && (
          <form onSubmit={(e) => save(e, null)} aria-label="Add a register" className="flex flex-col gap-2 border-t border-border pt-3">
            <h3 className="font-semibold">Add a register</h3>
            <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} placeholder="e.g. Counter 2" />
            <SelectField
              label="Sells from"
              value={warehouse || String(warehouses[0][0])}
              onChange={(e) => setWarehouse(e.target.value)}
              error={errors.warehouse_id}
              placeholder={null}
              options={warehouses.map(([id, label]) => ({ value: String(id), label }))}
            />
            <Button type="submit" loading={busy}>
              Add register
            </Button>
          </form>
        )}
      </div>
    </Modal>
  )
}
