import { useState } from 'react'
import type { AgentCustomer } from '../../../common/contracts/agents'
import { INDIAN_STATES } from '../../../common/rules/address'
import { setAgentMode, spacedMobile } from '../../lib/agent-mode'
import { useApi } from '../../lib/api-context'
import { errorText } from '../../lib/error-text'
import { useNavigate } from '../../lib/router'
import { Button } from '../../ui/button'
import { lookupCustomer, useAddCustomer, useAgentCustomers } from './api'
import { ConsentCode } from './consent-code'
import { inputClass as input, rupees } from './format'

/**
 * Find a customer of this website by mobile number, or add one; then 'Order for' switches the store into agent mode.
 * Someone with an account elsewhere is added once they give the agent the code sent to them (docs/decisions/0034).
 */
export function OrderForCustomer() {
  const api = useApi()
  const navigate = useNavigate()
  const customers = useAgentCustomers()
  const add = useAddCustomer()
  const [mobile, setMobile] = useState('')
  const [found, setFound] = useState<{ id: number; name: string; phone: string; mine: boolean } | null | undefined>(undefined)
  const [error, setError] = useState<string | null>(null)
  const [waiting, setWaiting] = useState<{ mobile: string; name: string } | null>(null)
  const [form, setForm] = useState({ name: '', house: '', street: '', area: '', city: '', state: 'Karnataka', pincode: '' })
  const orderFor = (c: { id: number; name: string; phone: string | null }) => {
    setAgentMode({ id: c.id, name: c.name, phone: c.phone })
    navigate('/products')
  }
  async function find() {
    setError(null)
    setWaiting(null)
    try {
      setFound((await lookupCustomer(api, mobile.trim())).customer)
    } catch (err) {
      setError(errorText(err))
    }
  }
  async function save(withAddress: boolean) {
    setError(null)
    try {
      const answer = await add.mutateAsync({
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
      if ('consent' in answer) return setWaiting({ mobile: answer.mobile, name: answer.name })
      setMobile('')
      orderFor(answer)
    } catch (err) {
      setError(errorText(err))
    }
  }
  const confirmed = (c: AgentCustomer) => {
    setWaiting(null)
    setMobile('')
    orderFor(c)
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
          <p className="text-sm text-muted sm:col-span-2">
            Not a customer here yet: add them with their name and delivery address. If the number already has an account with us, the customer gets a code by
            SMS to agree first.
          </p>
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
      {waiting && <ConsentCode key={waiting.mobile} mobile={waiting.mobile} name={waiting.name} onConfirmed={confirmed} onCancel={() => setWaiting(null)} />}
      {customers.data && customers.data.pending.length > 0 && (
        <ul className="mt-3 divide-y divide-border border-t border-border text-sm" aria-label="Waiting for the customer's code">
          {customers.data.pending.map((p) => (
            <CustomerRow
              key={p.mobile}
              name={p.name}
              mobile={p.mobile}
              detail="Waiting for the code the customer received"
              action="Enter code"
              actionLabel={`Enter ${p.name}'s code`}
              onAction={() => setWaiting({ mobile: p.mobile, name: p.name })}
            />
          ))}
        </ul>
      )}
      {customers.data && customers.data.data.length > 0 && (
        <ul className="mt-3 divide-y divide-border border-t border-border text-sm" aria-label="Your customers">
          {customers.data.data.map((c) => (
            <CustomerRow
              key={c.id}
              name={c.name}
              mobile={c.phone}
              detail={`${c.orders ? `${c.orders} order${c.orders === 1 ? '' : 's'} · ${rupees(c.total_ordered)} · last ${c.last_order_number}` : 'No orders yet'}${c.added_by_agent && !c.phone_verified ? ' · number not verified yet' : ''}`}
              action="Order for"
              actionLabel={`Order for ${c.name}`}
              onAction={() => orderFor(c)}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

/** One customer of the agent's lists: name and number, a line about them, and the one thing to do next. */
function CustomerRow(props: { name: string; mobile: string | null; detail: string; action: string; actionLabel: string; onAction: () => void }) {
  return (
    <li className="flex items-center justify-between gap-2 py-2">
      <span className="min-w-0">
        <span className="block truncate font-medium">
          {props.name} <span className="font-normal text-muted">· {spacedMobile(props.mobile)}</span>
        </span>
        <span className="block text-xs text-muted">{props.detail}</span>
      </span>
      <Button size="sm" variant="outline" onClick={props.onAction} aria-label={props.actionLabel}>
        {props.action}
      </Button>
    </li>
  )
}
