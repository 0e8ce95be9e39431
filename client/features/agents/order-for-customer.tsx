import { useState } from 'react'
import type { AgentCustomer } from '../../../common/contracts/agents'
import { INDIAN_STATES } from '../../../common/rules/address'
import { setAgentMode, spacedMobile } from '../../lib/agent-mode'
import { useApi } from '../../lib/api-context'
import { errorText } from '../../lib/error-text'
import { useNavigate } from '../../lib/router'
import { Button } from '../../ui/button'
import { lookupCustomer, useAddCustomer, useAgentCustomers } from './api'
import { inputClass as input, rupees } from './format'

/** Find a customer by mobile number, or add one; then 'Order for' switches the store into agent mode. */
export function OrderForCustomer() {
  const api = useApi()
  const navigate = useNavigate()
  const customers = useAgentCustomers()
  const add = useAddCustomer()
  const [mobile, setMobile] = useState('')
  const [found, setFound] = useState<{ id: number; name: string; phone: string; mine: boolean } | null | undefined>(undefined)
  const [error, setError] = useState<string | null>(null)
  const [form, setForm] = useState({ name: '', house: '', street: '', area: '', city: '', state: 'Karnataka', pincode: '' })
  const orderFor = (c: { id: number; name: string; phone: string | null }) => {
    setAgentMode({ id: c.id, name: c.name, phone: c.phone })
    navigate('/products')
  }
  async function find() {
    setError(null)
    try {
      setFound((await lookupCustomer(api, mobile.trim())).customer)
    } catch (err) {
      setError(errorText(err))
    }
  }
  async function save(withAddress: boolean) {
    setError(null)
    try {
      const c: AgentCustomer = await add.mutateAsync({
        mobile: mobile.trim(),
        ...(withAddress
          ? {
              name: form.name,
              address: {
                name: form.name,
                mobile: mobile.trim(),
                house: form.house,
                street: form.street,
                area: form.area,
                city: form.city,
                state: form.state as (typeof INDIAN_STATES)[number],
                pincode: form.pincode,
              },
            }
          : {}),
      })
      setFound(undefined)
      setMobile('')
      orderFor(c)
    } catch (err) {
      setError(errorText(err))
    }
  }
  const field = (key: keyof typeof form, label: string, extra: Partial<React.InputHTMLAttributes<HTMLInputElement>> = {}) => (
    <label className="grid gap-1 text-sm">
      <span className="text-muted">{label}</span>
      <input className={input} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} {...extra} />
    </label>
  )
  return (
    <section aria-labelledby="customers-title" className="rounded-xl border border-border bg-surface p-3 sm:p-4">
      <h2 id="customers-title" className="mb-2 font-semibold">
        Order for a customer
      </h2>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          void find()
        }}
      >
        <label className="sr-only" htmlFor="customer-mobile">
          Customer's mobile number
        </label>
        <input
          id="customer-mobile"
          className={input}
          inputMode="numeric"
          placeholder="Customer's mobile number"
          value={mobile}
          onChange={(e) => {
            setMobile(e.target.value)
            setFound(undefined)
          }}
        />
        <Button type="submit">Find</Button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
      {found && (
        <div className="mt-3 flex items-center justify-between gap-2 text-sm">
          <span>
            {found.name} · {spacedMobile(found.phone)}
          </span>
          {found.mine ? (
            <Button size="sm" onClick={() => orderFor(found)}>
              Order for {found.name}
            </Button>
          ) : (
            <Button size="sm" onClick={() => void save(false)} disabled={add.isPending}>
              Add and order
            </Button>
          )}
        </div>
      )}
      {found === null && (
        <form
          className="mt-3 grid gap-2 sm:grid-cols-2"
          aria-label="New customer"
          onSubmit={(e) => {
            e.preventDefault()
            void save(true)
          }}
        >
          <p className="text-sm text-muted sm:col-span-2">No customer has this number yet: add them with their delivery address.</p>
          {field('name', 'Name', { required: true, autoComplete: 'off' })}
          {field('house', 'House / flat no.', { required: true })}
          {field('street', 'Building / street', { required: true })}
          {field('area', 'Area / locality', { required: true })}
          {field('city', 'City', { required: true })}
          <label className="grid gap-1 text-sm">
            <span className="text-muted">State</span>
            <select className={input} value={form.state} onChange={(e) => setForm({ ...form, state: e.target.value })}>
              {INDIAN_STATES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </label>
          {field('pincode', 'Pincode', { required: true, inputMode: 'numeric' })}
          <div className="flex items-end">
            <Button type="submit" disabled={add.isPending}>
              Add customer and order
            </Button>
          </div>
        </form>
      )}
      {customers.data && customers.data.data.length > 0 && (
        <ul className="mt-3 divide-y divide-border border-t border-border text-sm" aria-label="Your customers">
          {customers.data.data.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="block truncate font-medium">
                  {c.name} <span className="font-normal text-muted">· {spacedMobile(c.phone)}</span>
                </span>
                <span className="block text-xs text-muted">
                  {c.orders ? `${c.orders} order${c.orders === 1 ? '' : 's'} · ${rupees(c.total_ordered)} · last ${c.last_order_number}` : 'No orders yet'}
                  {c.added_by_agent && !c.phone_verified ? ' · number not verified yet' : ''}
                </span>
              </span>
              <Button size="sm" variant="outline" onClick={() => orderFor(c)} aria-label={`Order for ${c.name}`}>
                Order for
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
