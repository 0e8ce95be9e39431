import type { CartItem } from '../../../common/contracts/cart'
import { formatINR, toPaise } from '../../../common/money'
import { cn } from '../../lib/cn'
import { Link } from '../../lib/router'
import { Image } from '../../ui/image'
import { Price } from '../../ui/price'
import { UnitPrice } from '../../ui/unit-price'
import { Spinner } from '../../ui/spinner'
import { useCartCalls } from './api'
import { QuantityStepper } from './quantity-stepper'

/** Spec §2: image, name and pack, price (struck original when different), line amount, quantity, Remove, warning. */
export function CartLine({ item, onNavigate }: { item: CartItem; onNavigate: () => void }) {
  const cart = useCartCalls()
  const label = `${item.name} ${item.pack}`
  return (
    <li className="flex gap-3 py-3" data-testid="cart-line">
      <Link to={`/products/${item.slug}`} onClick={onNavigate} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Image
          src={item.image}
          size="thumb"
          alt=""
          width={64}
          height={64}
          className={cn('size-16 rounded-md border border-border object-contain', !item.valid && 'opacity-60')}
        />
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={`/products/${item.slug}`} onClick={onNavigate} className="line-clamp-2 text-sm font-medium hover:text-primary">
          {item.name}
        </Link>
        <p className="text-xs text-muted">
          {item.pack}
          <UnitPrice packName={item.pack} price={toPaise(item.price)} className="before:mx-1 before:content-['·']" />
        </p>
        <Price price={toPaise(item.price)} actPrice={toPaise(item.act_price)} className="text-sm" />
        {item.message && (
          <p role={item.valid ? undefined : 'alert'} className={item.valid ? 'mt-1 text-xs text-muted' : 'mt-1 text-xs font-medium text-danger'}>
            {item.message}
          </p>
        )}
      </div>
      <div className="flex flex-col items-end justify-between gap-2">
        <span className={cn('text-sm font-semibold', !item.valid && 'text-muted line-through')}>{formatINR(toPaise(item.amount))}</span>
        <QuantityStepper
          quantity={item.quantity}
          itemLabel={label}
          busy={cart.pending === 'add' || cart.pending === 'takeOne'}
          canAdd={item.valid}
          onMinus={() => cart.takeOne(item.pack_id)}
          onPlus={() => cart.add(item.pack_id, item.warehouse_id)}
        />
        <button
          type="button"
          onClick={() => cart.remove(item.pack_id)}
          disabled={cart.pending !== null}
          aria-label={`Remove ${label} from the cart`}
          className="inline-flex items-center gap-1 text-xs font-medium text-danger underline-offset-4 hover:underline disabled:opacity-60"
        >
          {cart.pending === 'remove' && <Spinner />}Remove
        </button>
      </div>
    </li>
  )
}
