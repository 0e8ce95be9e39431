import type { Pack, Product } from '../../../common/contracts/catalogue'
import { Modal } from '../../ui/modal'
import { rupees } from './cart-maths'

/** A product with more than one pack: the cashier taps the pack to add. */
export function PackPicker({ product, onPick, onClose }: { product: Product; onPick: (pack: Pack) => void; onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title={`${product.product_name}: which pack?`}>
      <ul className="grid gap-2 sm:grid-cols-2">
        {product.packs.map((pack) => (
          <li key={pack.pack_id}>
            <button
              type="button"
              onClick={() => onPick(pack)}
              className="flex h-16 w-full items-center justify-between rounded-lg border border-border px-4 text-left hover:border-primary"
            >
              <span className="font-medium">{pack.pack_name}</span>
              <span className="tabular-nums">
                {rupees(Math.round(pack.price * 100))}
                {pack.act_price > pack.price && <s className="ml-1 text-sm text-muted">{rupees(Math.round(pack.act_price * 100))}</s>}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  )
}
