// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AdminProduct } from '../../../../common/contracts/admin-catalogue'
import type { Contract } from '../../../../common/contracts/http'
import type { CallInput } from '../../../lib/api'
import { ApiError } from '../../../lib/error-text'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { ConfirmHost } from '../../../ui/confirm-dialog'
import { ProductCreator } from './product-creator'
import { ProductEditor } from './product-editor'

afterEach(cleanup)

const categories = {
  data: [
    { id: 1, name: 'Staples', slug: 'staples', parent_id: null, position: 0, avatar: null, products: 3 },
    { id: 2, name: 'Rice', slug: 'rice', parent_id: 1, position: 0, avatar: null, products: 2 },
  ],
}
const brands = { data: [{ id: 1, name: 'Sona Khet', slug: 'sona-khet', logo: null, products: 2 }], meta: { total: 1, page: 1, perPage: 100 } }

const product = (over: Partial<AdminProduct> = {}): AdminProduct => ({
  product_id: 7,
  product_name: 'Sona Masoori Rice',
  product_description: null,
  product_info: null,
  brand_name: 'Sona Khet',
  slug: 'sona-masoori-rice',
  brand_slug: 'sona-khet',
  category_slug: 'rice',
  wishlist: false,
  medias: [],
  image: '',
  status: 'active',
  version: 3,
  brand_id: 1,
  categories: ['rice'],
  search_keywords: '',
  hsn_code: null,
  gst_rate: 5,
  cess_rate: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  packs: [
    {
      pack_id: 11,
      pack_name: '1 kg',
      price: 80,
      act_price: 90,
      discount: 11,
      warehouse_id: 1,
      discount_type: 'percent',
      in_stock: true,
      sku: 'SM-1',
      barcode: null,
      weight_grams: 1000,
      position: 0,
    },
    {
      pack_id: 12,
      pack_name: '5 kg',
      price: 380,
      act_price: 420,
      discount: 10,
      warehouse_id: 1,
      discount_type: 'percent',
      in_stock: true,
      sku: 'SM-5',
      barcode: null,
      weight_grams: 5000,
      position: 1,
    },
  ],
  ...over,
})

type Answer = (input: CallInput<Contract>) => unknown
/** A fake staff API: the catalogue lookups answer fixtures; `write` answers (or throws for) the save. */
function staffApi(write: Answer, one: AdminProduct = product(), warehouses?: { id: number; name: string }[]) {
  let stored = one
  return fakeApi((contract, input) => {
    if (contract.path === '/api/admin/warehouses') return { data: (warehouses ?? []).map((w, i) => ({ ...w, address: '', is_default: i === 0, pincodes: [] })) }
    if (contract.path === '/api/admin/categories') return categories
    if (contract.path === '/api/admin/brands') return brands
    if (contract.path === '/api/admin/products/:id' && contract.method === 'GET') return stored
    const saved = write(input) as AdminProduct
    if (contract.path === '/api/admin/products/:id') stored = saved
    return saved
  })
}

/** A field by its label (a required field's label ends with ' *'). */
const label = (name: string) => new RegExp(`^${name.replace(/[()]/g, '\\$&')}( \\*)?$`)
const field = (name: string | RegExp, within_: HTMLElement = document.body) =>
  within(within_).getByLabelText(typeof name === 'string' ? label(name) : name) as HTMLInputElement
const pack = (n: number) => screen.getByRole('group', { name: `Pack ${n}` })
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } })
const location = () => screen.getByTestId('location').textContent

/** A new product's required fields and its first pack (₹80, MRP ₹90). */
async function fillNewProduct() {
  type(field('Product name'), 'Sona Masoori Rice')
  type(field(/^Brand/), 'Sona Khet')
  await chooseCategory('— Rice')
  type(field('Pack name', pack(1)), '1 kg')
  type(field('Price (₹)', pack(1)), '80')
  type(field('MRP (₹)', pack(1)), '90')
}

async function chooseCategory(name: string) {
  fireEvent.click(screen.getByRole('button', { name: /^Categories/ }))
  fireEvent.click(await screen.findByRole('option', { name }))
}

describe('the product form', () => {
  it("says what is missing with spec §5's messages, and the contract's rules (price not above MRP), without calling the server", async () => {
    const { api, calls } = staffApi(() => product())
    renderAt(<ProductCreator />, { url: '/bos/admin/products/new', api })
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }))
    expect(await screen.findByText('Product name is required')).toBeTruthy()
    expect(screen.getByText('Brand is required')).toBeTruthy()
    expect(screen.getByText('Pack name is required')).toBeTruthy()
    expect(screen.getByText('Price is required')).toBeTruthy()
    expect(screen.getByText('MRP is required')).toBeTruthy()
    expect(field('Product name').getAttribute('aria-invalid')).toBe('true')

    type(field('Price (₹)', pack(1)), '120')
    type(field('MRP (₹)', pack(1)), '100')
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }))
    expect(await within(pack(1)).findByText('Price cannot be more than the MRP')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('sends two packs in the order shown (added, reordered, one removed) and opens the new product', async () => {
    const { api, calls } = staffApi(() => product({ product_id: 99 }))
    renderAt(
      <>
        <ProductCreator />
        <ConfirmHost />
      </>,
      { url: '/bos/admin/products/new', api },
    )
    await fillNewProduct()
    expect(within(pack(1)).getByText('11 % off')).toBeTruthy()
    for (const [name, price] of [
      ['5 kg', '380'],
      ['10 kg', '700'],
    ]) {
      fireEvent.click(screen.getByRole('button', { name: 'Add a pack' }))
      const last = screen.getAllByRole('group').at(-1) as HTMLElement
      type(field('Pack name', last), name)
      type(field('Price (₹)', last), price)
      type(field('MRP (₹)', last), price)
    }
    fireEvent.click(screen.getByRole('button', { name: 'Move pack 3 up' }))
    fireEvent.click(screen.getByRole('button', { name: 'Remove pack 3' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }))
    await waitFor(() => expect(location()).toBe('/bos/admin/products/99'))
    const body = calls.find((c) => c.method === 'POST')?.input.body as { packs: { pack_name: string; price: number }[]; categories: string[]; brand: string }
    expect(body.packs.map((k) => [k.pack_name, k.price])).toEqual([
      ['1 kg', 80],
      ['10 kg', 700],
    ])
    expect(body).toMatchObject({ product_name: 'Sona Masoori Rice', brand: 'Sona Khet', categories: ['rice'], status: 'active' })
  })

  it('takes a new pack’s opening stock per warehouse (an existing pack’s stock changes under Stock)', async () => {
    const houses = [
      { id: 4, name: 'Indiranagar' },
      { id: 9, name: 'Whitefield' },
    ]
    const { api, calls } = staffApi(() => product({ product_id: 99 }), product(), houses)
    renderAt(<ProductCreator />, { url: '/bos/admin/products/new', api })
    await fillNewProduct()
    type(await within(pack(1)).findByLabelText('On hand at Indiranagar'), '24')
    type(field('On hand at Whitefield', pack(1)), '')
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }))
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy())
    const body = calls.find((c) => c.method === 'POST')?.input.body as { packs: { opening_stock?: unknown }[] }
    expect(body.packs[0].opening_stock).toEqual([{ warehouse_id: 4, quantity: 24 }])
    cleanup()

    const edit = staffApi((input) => input.body as AdminProduct, product(), houses)
    renderAt(<ProductEditor id={7} />, { url: '/bos/admin/products/7', api: edit.api })
    await screen.findByRole('group', { name: 'Pack 2' })
    expect(within(pack(1)).queryByLabelText('On hand at Indiranagar')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Add a pack' }))
    expect(await within(pack(3)).findByLabelText('On hand at Whitefield')).toBeTruthy()
  })

  it('shows a refused save (422) on its fields and keeps what was typed', async () => {
    const { api } = staffApi(() => {
      throw new ApiError(422, {
        message: 'This SKU is already used by Basmati Rice',
        code: 'invalid',
        errors: { 'packs.1.sku': 'This SKU is already used by Basmati Rice', slug: 'Another product has this slug' },
      })
    })
    renderAt(
      <>
        <ProductEditor id={7} />
        <ConfirmHost />
      </>,
      { url: '/bos/admin/products/7', api },
    )
    const sku = field('SKU', await screen.findByRole('group', { name: 'Pack 2' }))
    type(sku, 'BR-5')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await within(pack(2)).findByText('This SKU is already used by Basmati Rice')).toBeTruthy()
    expect(sku.getAttribute('aria-invalid')).toBe('true')
    expect(sku.value).toBe('BR-5')
    expect(screen.getByText('Another product has this slug')).toBeTruthy()
    expect(screen.getByText('Unsaved changes')).toBeTruthy()
  })

  it('asks before leaving with unsaved edits (a link, closing the tab), and lets go once saved', async () => {
    const { api } = staffApi((input) => product({ version: 4, product_name: (input.body as { product_name: string }).product_name }))
    renderAt(
      <>
        <ProductEditor id={7} />
        <ConfirmHost />
      </>,
      { url: '/bos/admin/products/7', api },
    )
    const name = await screen.findByLabelText(label('Product name'))
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(unload()).toBe(false)
    type(name, 'Sona Masoori Rice (new crop)')
    await waitFor(() => expect(unload()).toBe(true))

    fireEvent.click(screen.getByRole('link', { name: 'Products' }))
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(location()).toBe('/bos/admin/products/7')
    expect((screen.getByLabelText(label('Product name')) as HTMLInputElement).value).toBe('Sona Masoori Rice (new crop)')

    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('All changes saved')
    await waitFor(() => expect(unload()).toBe(false))
    fireEvent.click(screen.getByRole('link', { name: 'Products' }))
    expect(location()).toBe('/bos/admin/products')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('leaves without saving when the editor says so', async () => {
    const { api } = staffApi(() => product())
    renderAt(
      <>
        <ProductEditor id={7} />
        <ConfirmHost />
      </>,
      { url: '/bos/admin/products/7', api },
    )
    type(await screen.findByLabelText(label('Product name')), 'Changed')
    await screen.findByText('Unsaved changes')
    fireEvent.click(screen.getByRole('link', { name: 'Products' }))
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave without saving' }))
    await waitFor(() => expect(location()).toBe('/bos/admin/products'))
  })

  it('never overwrites a newer save: 409 shows what changed, then theirs or mine', async () => {
    const theirs = product({
      version: 5,
      product_name: 'Sona Masoori Rice Premium',
      packs: product().packs.map((k) => (k.pack_id === 11 ? { ...k, price: 85 } : k)),
    })
    const sent: { version: number; product_name: string }[] = []
    const { api } = staffApi((input) => {
      const body = input.body as { version: number; product_name: string }
      sent.push(body)
      if (body.version < 5)
        throw new ApiError(409, { message: 'Someone else saved this product', code: 'stale', current: theirs, changed: ['product_name', 'packs'] })
      return product({ version: 6, product_name: body.product_name })
    })
    renderAt(
      <>
        <ProductEditor id={7} />
        <ConfirmHost />
      </>,
      { url: '/bos/admin/products/7', api },
    )
    type(await screen.findByLabelText(label('Product name')), 'Sona Masoori Rice 2026')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved changes' })
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.children].map((c) => c.textContent))
    expect(rows[0]).toEqual(['Name', 'Sona Masoori Rice Premium', 'Sona Masoori Rice 2026'])
    expect(rows[1][0]).toBe('Packs')
    expect(rows[1][1]).toContain('₹85')

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload theirs' }))
    await waitFor(() => expect((screen.getByLabelText(label('Product name')) as HTMLInputElement).value).toBe('Sona Masoori Rice Premium'))
    expect(field('Price (₹)', pack(1)).value).toBe('85')

    type(screen.getByLabelText(label('Product name')), 'Mine again')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('All changes saved')
    expect(sent.map((b) => [b.version, b.product_name])).toEqual([
      [3, 'Sona Masoori Rice 2026'],
      [5, 'Mine again'],
    ])
  })

  it('keeps mine over theirs when asked, with their version', async () => {
    const theirs = product({ version: 5, product_name: 'Theirs' })
    const sent: number[] = []
    const { api } = staffApi((input) => {
      const body = input.body as { version: number; product_name: string }
      sent.push(body.version)
      if (body.version < 5) throw new ApiError(409, { message: 'stale', code: 'stale', current: theirs, changed: ['product_name'] })
      return product({ version: 6, product_name: body.product_name })
    })
    renderAt(
      <>
        <ProductEditor id={7} />
        <ConfirmHost />
      </>,
      { url: '/bos/admin/products/7', api },
    )
    type(await screen.findByLabelText(label('Product name')), 'Mine')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Someone else saved changes' })).getByRole('button', { name: 'Keep mine and save' }))
    await screen.findByText('All changes saved')
    expect(sent).toEqual([3, 5])
    expect((screen.getByLabelText(label('Product name')) as HTMLInputElement).value).toBe('Mine')
  })
})
