import { useDocumentHead } from '../app/use-document-head'
import { AddressChooser } from '../features/accounts/address-chooser'
import { useAddresses } from '../features/accounts/api'
import { CouponBox } from '../features/cart/coupon-box'
import { CheckoutPage } from '../features/checkout/checkout-page'
import { useInit } from '../lib/init'

export function CheckoutRoute() {
  const { user } = useInit()
  useDocumentHead({ title: 'Checkout' })
  if (!user) return null
  return <Checkout />
}

/** Checkout with the shopper's address book (accounts') and the cart's coupon field. */
function Checkout() {
  const list = useAddresses()
  return (
    <CheckoutPage
      addresses={{ list, chooser: (props) => <AddressChooser {...props} /> }}
      couponBox={(cart, onChange) => <CouponBox cart={cart} onChange={onChange} />}
    />
  )
}
