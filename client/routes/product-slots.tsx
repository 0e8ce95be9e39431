import type { Pack, Product } from '../../common/contracts/catalogue'
import { AddToCart } from '../features/cart/add-to-cart'

/** What product cards and the product page show in their action and corner slots. */
export const cardAction = (pack: Pack, product: Product) => <AddToCart pack={pack} product={product} />
export const cardCorner = undefined
