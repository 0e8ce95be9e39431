import { describe, expect, it } from 'vitest'
import { renderToString } from 'react-dom/server'
import { Button } from './button'
import { Combobox } from './combobox'
import { ConfirmHost } from './confirm-dialog'
import { DatePicker } from './date-picker'
import { Drawer } from './drawer'
import { FileField } from './file-field'
import { TextField } from './form-field'
import { Modal } from './modal'
import { Pagination } from './pagination'
import { Price } from './price'
import { SearchField } from './search-field'
import { Spinner } from './spinner'
import { Toaster } from './toast'

// Runs in the plain node environment: no window or document exists, as during server rendering.
describe('server rendering', () => {
  it('has no DOM globals here', () => {
    expect(typeof window).toBe('undefined')
  })

  it('renders every primitive without touching the DOM', () => {
    const html = renderToString(
      <>
        <Button loading>Pay</Button>
        <Spinner label="Loading" />
        <Combobox aria-label="State" options={[{ value: 'KA', label: 'Karnataka' }]} value="KA" onChange={() => {}} />
        <DatePicker aria-label="Date" value="2026-11-22" onChange={() => {}} />
        <FileField label="Invoice" />
        <TextField label="Name" error="Name is required" />
        <Pagination page={2} total={100} perPage={10} onChange={() => {}} onPerPageChange={() => {}} />
        <Price price={9900} actPrice={12000} />
        <SearchField />
        <Modal open title="Change Location" onClose={() => {}}>
          hidden until mounted
        </Modal>
        <Drawer open title="Cart Summary" onClose={() => {}}>
          hidden until mounted
        </Drawer>
        <Toaster />
        <ConfirmHost />
      </>,
    )
    expect(html).toContain('Karnataka')
    expect(html).toContain('Nov 22, 2026')
    expect(html).toContain('Choose a file…')
    expect(html).toContain('Total: <!-- -->100')
    expect(html).not.toContain('hidden until mounted')
  })
})
