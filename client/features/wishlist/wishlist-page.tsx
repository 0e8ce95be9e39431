import type { ReactNode } from 'react'
import { useState } from 'react'
import type { Pack, Product } from '../../../common/contracts/catalogue'
import type { WishlistWithProducts } from '../../../common/contracts/wishlist'
import { toPaise } from '../../../common/money'
import { errorText } from '../../lib/error-text'
import { Link } from '../../lib/router'
import { Button } from '../../ui/button'
import { Image } from '../../ui/image'
import { Price } from '../../ui/price'
import { Spinner } from '../../ui/spinner'
import { toast } from '../../ui/toast'
import { useToggleWishlist, useWishlists } from './api'
import { CreateWishlistDialog } from './create-wishlist-dialog'

export interface WishlistPageProps {
  /** the cart control for a product's pack, supplied by the route (features don't import each other) */
  action?: (pack: Pack, product: Product) => ReactNode
  /** shown instead while the shopper has saved nothing and made no lists */
  empty?: ReactNode
}

/** /account/wishlist: every wishlist (Default first) with its products, each with the cart control and Remove. */
export function WishlistPage({ action, empty }: WishlistPageProps) {
  const lists = useWishlists()
  if (lists.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading your wishlists" className="size-6 text-primary" />
      </div>
    )
  if (lists.isError) {
    return (
      <div className="space-y-3 py-8 text-center">
        <p role="alert" className="text-danger">
          {errorText(lists.error)}
        </p>
        <Button variant="outline" onClick={() => void lists.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  if (empty && lists.data.length === 1 && lists.data[0].products.length === 0) return empty
  return (
    <div className="space-y-6">
      {lists.data.map((list) => (
        <WishlistSection key={list.id ?? 'default'} list={list} action={action} />
      ))}
    </div>
  )
}

function WishlistSection({ list, action }: { list: WishlistWithProducts; action: WishlistPageProps['action'] }) {
  const headingId = `wishlist-${list.id ?? 'default'}`
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-border bg-surface p-4">
      <h2 id={headingId} className="mb-3 text-lg font-semibold">
        {list.name} <span className="text-sm font-normal text-muted">({list.products.length})</span>
      </h2>
      {list.products.length === 0 ? (
        <p className="text-sm text-muted">Nothing saved here yet. Tap the heart on a product to save it to this list.</p>
      ) : (
        <ul className="divide-y divide-border">
          {list.products.map((product) => (
            <WishlistItem key={product.product_id} product={product} list={list} action={action} />
          ))}
        </ul>
      )}
    </section>
  )
}

function WishlistItem({ product, list, action }: { product: Product; list: WishlistWithProducts; action: WishlistPageProps['action'] }) {
  const toggle = useToggleWishlist()
  const pack = product.packs.find((k) => k.in_stock) ?? product.packs[0]
  const href = `/products/${product.slug}`
  const remove = () =>
    toggle.mutate(
      { productId: product.product_id, listId: list.id },
      { onSuccess: () => toast.info('Removed from the wishlist'), onError: (err) => toast.fromError(err) },
    )
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 sm:flex-nowrap" data-testid="wishlist-item">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Image src={product.image} size="thumb" alt="" width={64} height={64} className="size-16 rounded-md border border-border object-contain" />
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={href} className="line-clamp-2 text-sm font-medium hover:text-primary">
          {product.product_name}
        </Link>
        {pack && <p className="text-xs text-muted">{pack.pack_name}</p>}
        {pack && <Price price={toPaise(pack.price)} actPrice={toPaise(pack.act_price)} className="text-sm" />}
      </div>
      <div className="flex w-full items-center justify-end gap-4 sm:w-auto">
        {pack ? action?.(pack, product) : <span className="text-xs text-muted">Unavailable</span>}
        <button
          type="button"
          onClick={remove}
          disabled={toggle.isPending}
          aria-label={`Remove ${product.product_name} from ${list.name}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-danger underline-offset-4 hover:underline disabled:opacity-60"
        >
          {toggle.isPending && <Spinner />}Remove
        </button>
      </div>
    </li>
  )
}

/** 'Create Another Wishlist' for the page's header. */
export function NewWishlistButton() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Create Another Wishlist
      </Button>
      <CreateWishlistDialog open={open} onClose={() => setOpen(false)} />
    </>
  )
}
