import { type ReactNode, useState } from 'react'
import type { Address, User } from '../../../common/contracts/accounts'
import { landmarkText } from '../../../common/rules/address'
import { cn } from '../../lib/cn'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { confirm, ConfirmHost } from '../../ui/confirm-dialog'
import { Modal } from '../../ui/modal'
import { toast } from '../../ui/toast'
import { AccountLayout } from './account-layout'
import { EmptyState } from '../../ui/empty-state'
import { LoadFailed } from '../../ui/load-failed'
import { AddressForm } from './address-form'
import { useAddresses, useCreateAddress, useDeleteAddress, useSetDefaultAddress, useUpdateAddress } from './api'

const LINK = 'py-1 text-sm font-medium text-primary hover:underline disabled:opacity-60'

type Editing = { mode: 'add' } | { mode: 'edit'; address: Address } | null

function AddressCard({ address, onEdit }: { address: Address; onEdit: () => void }) {
  const remove = useDeleteAddress()
  const makeDefault = useSetDefaultAddress()
  async function del() {
    const yes = await confirm({
      title: 'Delete this address?',
      message: `${address.house}, ${address.street}, ${address.area} will be removed from your address book.`,
      confirmText: 'Delete',
      danger: true,
    })
    if (yes) remove.mutate(address.id, { onSuccess: () => toast.success('Address deleted'), onError: (e) => toast.fromError(e) })
  }
  return (
    <li className="flex flex-col rounded-lg border border-border bg-surface p-4" aria-label={`${address.type} address, ${address.name}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-background px-2 py-0.5 text-xs font-semibold tracking-wide text-muted uppercase">{address.type}</span>
        {address.is_default && <span className="rounded bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary">Default</span>}
      </div>
      <p className="mt-2 font-semibold">{address.name}</p>
      <address className="mt-1 text-sm text-muted not-italic">
        {address.house}, {address.street}
        <br />
        {address.area}
        {address.landmark && <>, {landmarkText(address.landmark)}</>}
        <br />
        {address.city}, {address.state} {address.pincode}
        <br />
        Mobile: {address.mobile}
      </address>
      <p className={address.serviceable ? 'mt-2 text-sm text-success' : 'mt-2 text-sm text-danger'}>{address.delivery_message}</p>
      <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 border-t border-border pt-3">
        <button type="button" className={LINK} onClick={onEdit} aria-label={`Edit address of ${address.name}, ${address.house}`}>
          Edit
        </button>
        <button
          type="button"
          className={cn(LINK, 'text-danger')}
          onClick={del}
          disabled={remove.isPending}
          aria-label={`Delete address of ${address.name}, ${address.house}`}
        >
          Delete
        </button>
        {!address.is_default && (
          <button
            type="button"
            className={LINK}
            disabled={makeDefault.isPending}
            onClick={() => makeDefault.mutate(address.id, { onError: (e) => toast.fromError(e) })}
          >
            Set as default
          </button>
        )}
      </div>
    </li>
  )
}

/** /account/addresses: list, add, edit, delete, set default. */
export function AddressBook({ user }: { user: User }) {
  const list = useAddresses()
  const create = useCreateAddress()
  const update = useUpdateAddress()
  // The form stays mounted while the dialog animates closed.
  const [editing, setEditing] = useState<Editing>(null)
  const [open, setOpen] = useState(false)
  const edit = (next: Editing) => (setEditing(next), setOpen(true))
  const close = () => setOpen(false)
  const addButton = <Button onClick={() => edit({ mode: 'add' })}>Add address</Button>

  let body: ReactNode
  if (list.isError) body = <LoadFailed message={errorText(list.error)} onRetry={() => list.refetch()} />
  else if (!list.data) body = <p className="text-sm text-muted">Loading your addresses…</p>
  else if (list.data.addresses.length === 0)
    body = (
      <EmptyState title="No addresses yet" action={addButton}>
        Add where you'd like your groceries delivered.
      </EmptyState>
    )
  else {
    body = (
      <ul className="grid gap-3 sm:grid-cols-2">
        {list.data.addresses.map((a) => (
          <AddressCard key={a.id} address={a} onEdit={() => edit({ mode: 'edit', address: a })} />
        ))}
      </ul>
    )
  }

  return (
    <AccountLayout user={user} title="Addresses" actions={list.data && list.data.addresses.length > 0 && addButton}>
      {body}
      <Modal open={open} onClose={close} title={editing?.mode === 'edit' ? 'Edit address' : 'Add address'} width={640}>
        {editing && (
          <AddressForm
            address={editing.mode === 'edit' ? editing.address : undefined}
            onCancel={close}
            onSubmit={async (input) => {
              if (editing.mode === 'edit') await update.mutateAsync({ id: editing.address.id, body: input })
              else await create.mutateAsync(input)
              toast.success(editing.mode === 'edit' ? 'Address saved' : 'Address added')
              close()
            }}
          />
        )}
      </Modal>
      <ConfirmHost />
    </AccountLayout>
  )
}
