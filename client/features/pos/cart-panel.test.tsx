// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { NO_BUYER } from './business-buyer'
import { type CartLine, cartTotals } from './cart-maths'
import { CartPanel } from './cart-panel'

afterEach(cleanup)

const ghee: CartLine = { pack_id: 7, product_id: 1, product_name: 'Ghee', pack_name: '500 ml', price: 30000, mrp: 32000, quantity: 1, discount: 0 }

function Harness({ fresh }: { fresh: Map<number, number> | null }) {
  const [lines, setLines] = useState<CartLine[]>([ghee])
  const noop = () => {}
  return (
    <CartPanel
      lines={lines}
      setLines={setLines}
      errors={{}}
      orderDiscount=""
      setOrderDiscount={noop}
      phone=""
      setPhone={noop}
      coupon=""
      setCoupon={noop}
      buyer={NO_BUYER}
      setBuyer={noop}
      onPay={noop}
      totals={cartTotals(lines, 0)}
      due={0}
      couponPreview={null}
      couponError={null}
      checkingCoupon={false}
      lastAdded={null}
      onClear={noop}
      fresh={fresh}
    />
  )
}

describe('the counter’s sale lines', () => {
  it('warn when a line asks for more than the unexpired units: the rest come from an expired batch', () => {
    // 2 units here are not expired
    const { getByRole, queryByRole } = render(<Harness fresh={new Map([[7, 2]])} />)
    expect(queryByRole('alert')).toBeNull()
    fireEvent.click(getByRole('button', { name: 'One more Ghee' }))
    expect(queryByRole('alert')).toBeNull()
    fireEvent.click(getByRole('button', { name: 'One more Ghee' }))
    expect(getByRole('alert').textContent).toMatch(/1 of these would come from an expired batch/)
  })

  it('warn from the first unit when only expired units are left, and never for packs with no expired stock', () => {
    expect(render(<Harness fresh={new Map([[7, 0]])} />).getByRole('alert').textContent).toMatch(/1 of these come from an expired batch/)
    cleanup()
    expect(render(<Harness fresh={new Map()} />).queryByRole('alert')).toBeNull()
  })
})
