import { useState } from 'react'
import type { SlotFill, SlotTemplate } from '../../../../common/contracts/admin-delivery'
import { cn } from '../../../lib/cn'
import { errorText } from '../../../lib/error-text'
import { fieldErrors } from '../../../lib/field-errors'
import { Button } from '../../../ui/button'
import { confirm } from '../../../ui/confirm-dialog'
import { TextField } from '../../../ui/form-field'
import { SelectField } from '../../../ui/select-field'
import { Spinner } from '../../../ui/spinner'
import { toast } from '../../../ui/toast'
import { Card } from '../../../staff/ui/card'
import { TrashIcon } from '../../../staff/ui/staff-icons'
import { useClosures, useCreateClosure, useDeleteClosure, useSaveTemplate, useSlotFill, useSlotTemplate } from './api'
import type { WarehouseOption } from './warehouse-option'

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
/** the fill shows at least this many days (more when the template offers more) */
const FILL_DAYS = 3

const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })

export function DeliverySlots({ warehouses: list }: { warehouses: WarehouseOption[] }) {
  const [chosen, setChosen] = useState<number | null>(null)
  const warehouseId = chosen ?? list[0]?.id ?? null
  return (
    <>
      <div className="max-w-sm">
        <SelectField
          label="Warehouse"
          value={String(warehouseId ?? '')}
          onChange={(e) => setChosen(Number(e.target.value))}
          options={list.map((w) => ({ value: String(w.id), label: w.name }))}
        />
      </div>
      {warehouseId !== null && <FillGrid warehouseId={warehouseId} />}
      {warehouseId !== null && <TemplateCard key={warehouseId} warehouseId={warehouseId} />}
      <ClosuresCard warehouses={list} />
    </>
  )
}

/* ---------- the fill of the coming slots ---------- */

function fillTone(booked: number, capacity: number, offered: boolean) {
  if (!offered) return 'bg-background text-muted'
  const share = capacity ? booked / capacity : 1
  if (share >= 0.9) return 'bg-danger/15 text-danger'
  if (share >= 0.6) return 'bg-accent/30 text-text'
  return 'bg-success/10 text-success'
}

function FillGrid({ warehouseId }: { warehouseId: number }) {
  const template = useSlotTemplate(warehouseId)
  const fill = useSlotFill(warehouseId, Math.max(FILL_DAYS, template.data?.days_ahead ?? 0))
  return (
    <Card
      title="Slot fill"
      description="Orders booked in each slot of the coming days against its capacity; refreshed every 30 seconds."
      actions={fill.isFetching ? <Spinner label="Refreshing" className="size-4 text-muted" /> : undefined}
    >
      {fill.isPending && <Spinner label="Loading slots" className="size-6 text-primary" />}
      {fill.error && (
        <p role="alert" className="text-sm text-danger">
          {errorText(fill.error)}
        </p>
      )}
      {fill.data && <FillTable data={fill.data} />}
      <p className="mt-3 flex flex-wrap gap-3 text-xs text-muted">
        <span className="rounded bg-success/10 px-2 py-0.5 text-success">under 60%</span>
        <span className="rounded bg-accent/30 px-2 py-0.5 text-text">60–89%</span>
        <span className="rounded bg-danger/15 px-2 py-0.5 text-danger">90% or full</span>
        <span className="rounded bg-background px-2 py-0.5">no longer offered (kept for its orders)</span>
      </p>
    </Card>
  )
}

function FillTable({ data }: { data: SlotFill }) {
  const slotAt = (date: string, w: { start: string; end: string }) => data.slots.find((s) => s.date === date && s.start === w.start && s.end === w.end)
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-separate border-spacing-1 text-sm">
        <caption className="sr-only">Bookings per slot, by day and window</caption>
        <thead>
          <tr>
            <th scope="col" className="text-left text-xs font-semibold uppercase text-muted">
              Day
            </th>
            {data.windows.map((w) => (
              <th key={`${w.start}-${w.end}`} scope="col" className="whitespace-nowrap px-1 text-xs font-semibold text-muted">
                {w.start}–{w.end}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.dates.map((d) => (
            <tr key={d.date}>
              <th scope="row" className="whitespace-nowrap pr-2 text-left font-medium">
                {dayLabel(d.date)}
              </th>
              {d.closed || !data.slots.some((s) => s.date === d.date) ? (
                <td colSpan={data.windows.length} className="rounded bg-background px-2 py-1.5 text-center text-muted">
                  {d.closed ? `Closed: ${d.closed}` : 'No slots: not a delivery day, or beyond the days offered'}
                </td>
              ) : (
                data.windows.map((w) => {
                  const s = slotAt(d.date, w)
                  return (
                    <td
                      key={`${w.start}-${w.end}`}
                      className={cn('rounded px-2 py-1.5 text-center tabular-nums', s ? fillTone(s.booked, s.capacity, s.offered) : 'text-muted')}
                      title={s && !s.offered ? 'No longer offered: kept for the orders booked in it' : undefined}
                    >
                      {s ? `${s.booked}/${s.capacity}` : '—'}
                    </td>
                  )
                })
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/* ---------- the template ---------- */

type Draft = { weekdays: number[]; windows: { start: string; end: string }[]; capacity: string; cutoff_minutes: string; days_ahead: string }
const draftOf = (t: SlotTemplate): Draft => ({
  weekdays: t.weekdays,
  windows: t.windows,
  capacity: String(t.capacity),
  cutoff_minutes: String(t.cutoff_minutes),
  days_ahead: String(t.days_ahead),
})
const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v))

function TemplateCard({ warehouseId }: { warehouseId: number }) {
  const template = useSlotTemplate(warehouseId)
  if (template.isPending) return <Spinner label="Loading the slot template" className="size-6 text-primary" />
  if (template.error)
    return (
      <p role="alert" className="text-sm text-danger">
        {errorText(template.error)}
      </p>
    )
  return <TemplateForm key={template.data.version} warehouseId={warehouseId} template={template.data} />
}

function TemplateForm({ warehouseId, template }: { warehouseId: number; template: SlotTemplate }) {
  const [draft, setDraft] = useState<Draft>(draftOf(template))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useSaveTemplate(warehouseId)
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }))
  const setWindow = (i: number, patch: Partial<{ start: string; end: string }>) =>
    set({ windows: draft.windows.map((w, j) => (j === i ? { ...w, ...patch } : w)) })

  const submit = async () => {
    setErrors({})
    try {
      await save.mutateAsync({
        version: template.version,
        weekdays: draft.weekdays,
        windows: draft.windows,
        capacity: num(draft.capacity),
        cutoff_minutes: num(draft.cutoff_minutes),
        days_ahead: num(draft.days_ahead),
      })
      toast.success('Slot template saved: orders already booked keep their slots')
    } catch (err) {
      const fields = fieldErrors(err)
      if (Object.keys(fields).length) setErrors(fields)
      else toast.fromError(err)
    }
  }

  return (
    <Card
      title="Slot template"
      description={
        template.version === 0
          ? 'This warehouse uses the standard template. Saving a change never drops an order already booked: a slot keeps at least its bookings as capacity, and a window you take out stays for its orders but is offered no more.'
          : 'Saving a change never drops an order already booked: a slot keeps at least its bookings as capacity, and a window you take out stays for its orders but is offered no more.'
      }
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Delivery days of the week</legend>
          <div className="flex flex-wrap gap-2">
            {WEEKDAYS.map((label, day) => (
              <label key={label} className="flex items-center gap-1.5 rounded-md border border-border px-2.5 py-1.5 text-sm">
                <input
                  type="checkbox"
                  checked={draft.weekdays.includes(day)}
                  onChange={(e) => set({ weekdays: e.target.checked ? [...draft.weekdays, day].sort() : draft.weekdays.filter((d) => d !== day) })}
                />
                {label}
              </label>
            ))}
          </div>
          {errors.weekdays && <p className="mt-1 text-sm text-danger">{errors.weekdays}</p>}
        </fieldset>

        <fieldset>
          <legend className="mb-2 text-sm font-medium">Windows</legend>
          <ol className="flex flex-col gap-2">
            {draft.windows.map((w, i) => (
              <li key={i} className="flex items-end gap-2">
                <TextField
                  label={`Window ${i + 1} starts`}
                  type="time"
                  value={w.start}
                  onChange={(e) => setWindow(i, { start: e.target.value })}
                  error={errors[`windows.${i}.start`]}
                  className="w-[8.5rem] sm:w-36"
                />
                <TextField
                  label="ends"
                  type="time"
                  value={w.end}
                  onChange={(e) => setWindow(i, { end: e.target.value })}
                  error={errors[`windows.${i}.end`]}
                  className="w-[8.5rem] sm:w-36"
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="mb-1 px-2"
                  aria-label={`Remove window ${w.start}–${w.end}`}
                  onClick={() => set({ windows: draft.windows.filter((_, j) => j !== i) })}
                >
                  <TrashIcon className="size-4" />
                </Button>
              </li>
            ))}
          </ol>
          {errors.windows && <p className="mt-1 text-sm text-danger">{errors.windows}</p>}
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => {
              const last = draft.windows.at(-1)?.end ?? '07:00'
              const next = `${String(Math.min(Number(last.slice(0, 2)) + 2, 23)).padStart(2, '0')}:00`
              set({ windows: [...draft.windows, { start: last, end: next }] })
            }}
          >
            Add a window
          </Button>
        </fieldset>

        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label="Orders per slot"
            type="number"
            min={1}
            value={draft.capacity}
            onChange={(e) => set({ capacity: e.target.value })}
            error={errors.capacity}
          />
          <TextField
            label="Cut-off (minutes before a slot starts)"
            type="number"
            min={0}
            value={draft.cutoff_minutes}
            onChange={(e) => set({ cutoff_minutes: e.target.value })}
            error={errors.cutoff_minutes}
          />
          <TextField
            label="Days offered ahead"
            type="number"
            min={1}
            max={30}
            value={draft.days_ahead}
            onChange={(e) => set({ days_ahead: e.target.value })}
            error={errors.days_ahead}
            hint="Today counts as the first"
          />
        </div>
        <div className="flex gap-2">
          <Button type="submit" loading={save.isPending}>
            Save template
          </Button>
          <Button variant="ghost" onClick={() => setDraft(draftOf(template))}>
            Undo changes
          </Button>
        </div>
      </form>
    </Card>
  )
}

/* ---------- closures ---------- */

function ClosuresCard({ warehouses }: { warehouses: { id: number; name: string }[] }) {
  const closures = useClosures()
  const create = useCreateClosure()
  const remove = useDeleteClosure()
  const [form, setForm] = useState({ warehouse: '', from: '', to: '', reason: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})

  const submit = async () => {
    setErrors({})
    try {
      await create.mutateAsync({ warehouse_id: form.warehouse ? Number(form.warehouse) : null, from: form.from, to: form.to || form.from, reason: form.reason })
      toast.success('Closed: no slots are offered on those days')
      setForm({ warehouse: form.warehouse, from: '', to: '', reason: '' })
    } catch (err) {
      const fields = fieldErrors(err)
      if (Object.keys(fields).length) setErrors(fields)
      else toast.fromError(err)
    }
  }
  const reopen = async (c: { id: number; from: string; to: string; reason: string }) => {
    const ok = await confirm({
      title: `Reopen ${c.from === c.to ? c.from : `${c.from} to ${c.to}`}?`,
      message: `Slots are offered again on these days (closed for: ${c.reason}).`,
      confirmText: 'Reopen',
      danger: true,
    })
    if (!ok) return
    try {
      await remove.mutateAsync(c.id)
      toast.success('Reopened')
    } catch (err) {
      toast.fromError(err)
    }
  }

  return (
    <Card title="Closures" description="Holidays and other days without delivery. Orders already booked on those days keep their slots.">
      {closures.data && closures.data.data.length === 0 && <p className="mb-3 text-sm text-muted">No closures coming up.</p>}
      {closures.data && closures.data.data.length > 0 && (
        <ul className="mb-4 flex flex-col divide-y divide-border rounded-md border border-border">
          {closures.data.data.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>
                <span className="font-medium">{c.from === c.to ? dayLabel(c.from) : `${dayLabel(c.from)} – ${dayLabel(c.to)}`}</span>
                <span className="ml-2 text-muted">
                  {c.reason} · {c.warehouse_name ?? 'All warehouses'}
                </span>
              </span>
              <Button size="sm" variant="ghost" onClick={() => void reopen(c)}>
                Reopen
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-[12rem_10rem_10rem_1fr_auto] sm:items-start"
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <SelectField
          label="Where"
          value={form.warehouse}
          onChange={(e) => setForm({ ...form, warehouse: e.target.value })}
          placeholder="All warehouses"
          options={warehouses.map((w) => ({ value: String(w.id), label: w.name }))}
          error={errors.warehouse_id}
        />
        <TextField label="From" type="date" value={form.from} onChange={(e) => setForm({ ...form, from: e.target.value })} error={errors.from} required />
        <TextField label="To" type="date" value={form.to} onChange={(e) => setForm({ ...form, to: e.target.value })} error={errors.to} hint="Empty: one day" />
        <TextField
          label="Reason"
          value={form.reason}
          onChange={(e) => setForm({ ...form, reason: e.target.value })}
          error={errors.reason}
          placeholder="Diwali"
          required
        />
        <Button type="submit" className="sm:mt-6" loading={create.isPending}>
          Close these days
        </Button>
      </form>
    </Card>
  )
}
