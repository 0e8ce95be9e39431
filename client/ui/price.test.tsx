// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render } from '@testing-library/react'
import { Price } from './price'

afterEach(cleanup)

describe('Price', () => {
  it('shows the price in rupees', () => {
    const { container } = render(<Price price={123450} />)
    expect(container.textContent).toBe('₹1,234.50')
    expect(container.querySelector('s')).toBeNull()
  })

  it('strikes through a higher original price, labelled for screen readers', () => {
    const { container } = render(<Price price={9900} actPrice={12000} />)
    const original = container.querySelector('s')
    expect(original?.textContent).toBe('Original price ₹120')
    expect(original?.querySelector('.sr-only')?.textContent).toBe('Original price ')
  })

  it.each([
    ['equal', 9900],
    ['lower', 9000],
    ['missing', null],
  ])('hides an original price that is %s', (_name, actPrice) => {
    const { container } = render(<Price price={9900} actPrice={actPrice} />)
    expect(container.querySelector('s')).toBeNull()
  })
})
