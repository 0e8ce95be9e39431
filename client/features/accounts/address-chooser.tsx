import { useEffect, useState } from 'react'
import type { Address } from '../../../common/contracts/accounts'
import { radioCard } from '../../ui/radio-card'
import { toast } from '../../ui/toast'
import { AddressForm } from './address-form'
import { useCreateAddress } from './api'

export interface AddressChooserProps {
  addresses: Address[]
  chosen: number | null
  onChoose: (id: number) => void
}

/** Checkout's address step: one of the shopper's addresses, each saying whether it is delivered to, or a new one. */
export function AddressChooser({ addresses, chosen, onChoose }: AddressChooserProps) {
  const create = useCreateAddress()
  const [adding, setAdding] = useState(addresses.length === 0)
  useEffect(() => {
    if (addresses.length === 0) setAdding(true)
  }, [addresses.length])
  return (
    <div className="space-y-3">
      {addresses.length > 0 && (
        <fieldset>
          <legend className="sr-only">Deliver to</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {addresses.map((a) => (
              <label key={a.id} className={radioCard(chosen === a.id)}>
                <input
                  type="radio"
                  name="address"
                  className="mt-1 accent-primary"
                  checked={chosen === a.id}
                  onChange={() => onChoose(a.id)}
                  aria-label={`${a.name}, ${a.house}, ${a.street}, ${a.area}, ${a.city} ${a.pincode}`}
                />
                <span className="min-w-0">
                  <span className="flex flex-wrap items-center gap-2 font-semibold">
                    {a.name}
                    <span className="rounded bg-background px-1.5 py-0.5 text-[11px] font-semibold tracking-wide text-muted uppercase">{a.type}</span>
                  </span>
                  <span className="mt-0.5 block text-muted">
                    {a.house}, {a.street}, {a.area}, {a.city} {a.pincode}
                  </span>
                  <span className="block text-muted">Mobile: {a.mobile}</span>
                  {!a.serviceable && <span className="mt-1 block text-danger">{a.delivery_message}</span>}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {adding ? (
        <div className="rounded-lg border border-dashed border-border p-3 sm:p-4">
          <h3 className="mb-3 text-sm font-semibold">New address</h3>
          <AddressForm
            onCancel={() => (addresses.length ? setAdding(false) : undefined)}
            onSubmit={async (input) => {
              const before = new Set(addresses.map((a) => a.id))
              const list = await create.mutateAsync(input)
              const added = list.addresses.find((a) => !before.has(a.id))
              if (added) onChoose(added.id)
              toast.success('Address added')
              setAdding(false)
            }}
          />
        </div>
      ) : (
        <button type="button" onClick={() => setAdding(true)} className="text-sm font-medium text-primary hover:underline">
          + Add a new address
        </button>
      )}
    </div>
  )
}
