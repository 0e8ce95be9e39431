import { useState } from 'react'
import type { Product } from '../../../common/contracts/catalogue'
import { WISHLIST_DIALOG_WIDTH } from '../../../common/rules/constants'
import { cn } from '../../lib/cn'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/modal'
import { HeartIcon } from '../../ui/shop-icons'
import { Spinner } from '../../ui/spinner'
import { toast } from '../../ui/toast'
import { useToggleWishlist, useWishlists } from './api'
import { CreateWishlistDialog } from './create-wishlist-dialog'

/**
 * Spec §2: 'Add Products In Wishlist' (400px): Default and the shopper's named lists, and 'Create Another Wishlist'.
 * Picking a list saves the product there ('Wishlist added successfully'); a list that has it already takes it out.
 */
export function WishlistDialog({ open, onClose, product }: { open: boolean; onClose: () => void; product: Product }) {
  const lists = useWishlists()
  const toggle = useToggleWishlist()
  const [creating, setCreating] = useState(false)

  function choose(listId: number | null) {
    toggle.mutate(
      { productId: product.product_id, listId },
      {
        onSuccess: (answer) => {
          if (!answer.saved) return toast.info('Removed from the wishlist')
          toast.success('Wishlist added successfully')
          onClose()
        },
        onError: (err) => toast.fromError(err),
      },
    )
  }

  return (
    <>
      <Modal open={open && !creating} onClose={onClose} title="Add Products In Wishlist" description={product.product_name} width={WISHLIST_DIALOG_WIDTH}>
        {lists.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading your wishlists" className="text-primary" />
          </div>
        ) : lists.isError ? (
          <p role="alert" className="text-sm text-danger">
            Could not load your wishlists. Please try again.
          </p>
        ) : (
          <ul className="space-y-2">
            {lists.data.map((list) => {
              const has = list.products.some((p) => p.product_id === product.product_id)
              const busy = toggle.isPending && toggle.variables.listId === list.id
              return (
                <li key={list.id ?? 'default'}>
                  <button
                    type="button"
                    aria-pressed={has}
                    disabled={toggle.isPending}
                    onClick={() => choose(list.id)}
                    className={cn(
                      'flex w-full items-center gap-3 rounded-md border px-3 py-2.5 text-left text-sm hover:bg-background disabled:opacity-60',
                      has ? 'border-primary' : 'border-border',
                    )}
                  >
                    <HeartIcon className={cn('shrink-0 text-lg', has ? 'text-danger' : 'text-muted')} fill={has ? 'currentColor' : 'none'} />
                    <span className="flex-1 font-medium">{list.name}</span>
                    {busy ? <Spinner label="Saving" /> : has && <span className="text-xs text-muted">Saved</span>}
                  </button>
                </li>
              )
            })}
          </ul>
        )}
        <Button variant="outline" className="mt-4 w-full" onClick={() => setCreating(true)}>
          Create Another Wishlist
        </Button>
      </Modal>
      <CreateWishlistDialog open={creating} onClose={() => setCreating(false)} />
    </>
  )
}
