import { CartIcon } from '../../ui/shop-icons'

/** Cart icon with the item count badge when above 0. */
export function CartButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="relative flex size-10 items-center justify-center rounded-md hover:bg-background"
      aria-label={count > 0 ? `Cart, ${count} item${count === 1 ? '' : 's'}` : 'Cart'}
    >
      <CartIcon className="text-xl" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] font-bold text-on-primary"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  )
}
