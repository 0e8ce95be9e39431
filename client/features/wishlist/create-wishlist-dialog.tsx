import { type FormEvent, useState } from 'react'
import { CREATE_WISHLIST_DIALOG_WIDTH } from '../../../common/rules/constants'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/form-field'
import { Modal } from '../../ui/modal'
import { useCreateWishlist } from './api'

/** Spec §2: 'Create Another Wish List' (500px), a 'New Wishlist' field and Submit. */
export function CreateWishlistDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated?: (id: number) => void }) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const create = useCreateWishlist()

  function submit(e: FormEvent) {
    e.preventDefault()
    create.mutate(name, {
      onSuccess: (list) => {
        setName('')
        setError(null)
        onCreated?.(list.id ?? 0)
        onClose()
      },
      onError: (err) => setError(errorText(err)),
    })
  }

  return (
    <Modal open={open} onClose={onClose} title="Create Another Wish List" width={CREATE_WISHLIST_DIALOG_WIDTH}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="New Wishlist"
          name="name"
          value={name}
          maxLength={60}
          autoComplete="off"
          error={error ?? undefined}
          onChange={(e) => {
            setName(e.target.value)
            if (error) setError(null)
          }}
        />
        <Button type="submit" loading={create.isPending} className="w-full">
          Submit
        </Button>
      </form>
    </Modal>
  )
}
