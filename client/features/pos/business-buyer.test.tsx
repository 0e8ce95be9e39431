// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { BusinessBuyer, buyerBody, buyerProblems, type CounterBuyer, NO_BUYER } from './business-buyer'

afterEach(cleanup)

function Harness({ errors = {} }: { errors?: Record<string, string> }) {
  const [v, setV] = useState<CounterBuyer>(NO_BUYER)
  return (
    <>
      <BusinessBuyer value={v} onChange={setV} errors={errors} />
      <output data-testid="body">{JSON.stringify(buyerBody(v))}</output>
    </>
  )
}

describe('the counter’s business buyer', () => {
  it('is folded away until asked for; a blank buyer sends nothing', () => {
    const { getByRole, queryByLabelText, getByTestId } = render(<Harness />)
    expect(queryByLabelText('GSTIN')).toBeNull()
    expect(getByTestId('body').textContent).toBe('{}')
    fireEvent.click(getByRole('button', { name: '+ Business buyer (GSTIN)' }))
    expect(queryByLabelText('GSTIN')).not.toBeNull()
  })

  it('checks the GSTIN as the server does once the field is left, and sends it upper-cased with the name', () => {
    const { getByRole, getByLabelText, getByTestId, queryByRole } = render(<Harness />)
    fireEvent.click(getByRole('button', { name: '+ Business buyer (GSTIN)' }))
    const gstin = getByLabelText('GSTIN')
    fireEvent.change(gstin, { target: { value: '27aabch1234k1za' } })
    fireEvent.blur(gstin)
    expect(getByRole('alert').textContent).toMatch(/check character/)
    fireEvent.change(gstin, { target: { value: '27aabch1234k1zr' } })
    fireEvent.change(getByLabelText('Legal name'), { target: { value: ' Hotel Sagar Pvt Ltd ' } })
    expect(queryByRole('alert')).toBeNull()
    expect(JSON.parse(getByTestId('body').textContent ?? '')).toEqual({ buyer_gstin: '27AABCH1234K1ZR', buyer_name: 'Hotel Sagar Pvt Ltd' })
  })

  it('says what is missing before paying, and shows the server’s message on its field', () => {
    expect(buyerProblems({ gstin: '27AABCH1234K1ZR', name: '' })).toEqual({ buyer_name: 'Enter the business’s legal name as registered for GST' })
    expect(buyerProblems({ gstin: '', name: 'Hotel' }).buyer_gstin).toMatch(/GSTIN/)
    expect(buyerProblems(NO_BUYER)).toEqual({})
    const { getByRole } = render(<Harness errors={{ buyer_gstin: 'From the server' }} />)
    fireEvent.click(getByRole('button', { name: '+ Business buyer (GSTIN)' }))
    expect(getByRole('alert').textContent).toBe('From the server')
  })
})
