// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { Pack } from '../../../common/contracts/catalogue'
import { ApiError } from '../../lib/error-text'
import { ProductDetailPage } from './product-detail-page'
import { categoryCrumbs } from './category-tree'
import { categories, fakeApi, pack, product, renderAt } from './test-kit'

afterEach(cleanup)

const atta = product({
  packs: [
    pack({ pack_id: 1, pack_name: '1 kg', price: 60, act_price: 60 }),
    pack({ pack_id: 5, pack_name: '5 kg', price: 270, act_price: 300, discount: 10, discount_type: 'percent' }),
    pack({ pack_id: 10, pack_name: '10 kg', price: 520, act_price: 600, discount: 13, in_stock: false }),
  ],
})

const action = (p: Pack) => <button type="button">Add {p.pack_name}</button>

function show(api = fakeApi(() => atta).api) {
  renderAt(
    <ProductDetailPage
      slug={atta.slug}
      action={action}
      corner={() => <button type="button">Save</button>}
      breadcrumbs={(p) => categoryCrumbs(categories, p.category_slug)}
    />,
    { url: `/products/${atta.slug}`, api },
  )
}

const priceBlock = () => screen.getByText(/Inclusive of all taxes/).parentElement as HTMLElement

describe('ProductDetailPage', () => {
  it('shows brand link, name, breadcrumbs and the slots', async () => {
    show()
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Sona Khet Chakki Atta')
    expect(screen.getByRole('link', { name: 'Sona Khet' }).getAttribute('href')).toBe('/products?b=sona-khet')
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
    expect(crumbs.getByRole('link', { name: 'Atta & Flours' }).getAttribute('href')).toBe('/products?c=atta')
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy()
    // the control shows twice: in the page (tablets and up) and in the phone's sticky bar (CSS shows one)
    expect(screen.getAllByRole('button', { name: 'Add 1 kg' })).toHaveLength(2)
    expect(within(screen.getByTestId('sticky-buy-bar')).getByRole('button', { name: 'Add 1 kg' })).toBeTruthy()
  })

  it('switching pack changes the displayed price and the cart control', async () => {
    show()
    await screen.findByRole('heading', { level: 1 })
    expect(priceBlock().textContent).toContain('₹60')
    fireEvent.click(screen.getByRole('radio', { name: /5 kg/ }))
    expect(priceBlock().textContent).toContain('₹270')
    expect(priceBlock().textContent).toContain('₹300')
    expect(priceBlock().textContent).toContain('10% OFF')
    expect(screen.getAllByRole('button', { name: 'Add 5 kg' })).toHaveLength(2)
    expect((screen.getByRole('radio', { name: /5 kg/ }) as HTMLInputElement).checked).toBe(true)
  })

  it('out-of-stock packs are disabled', async () => {
    show()
    const tenKg = await screen.findByRole('radio', { name: /10 kg/ })
    expect((tenKg as HTMLInputElement).disabled).toBe(true)
    expect(tenKg.closest('label')?.textContent).toContain('Out of stock')
  })

  it('Description and Product information start collapsed', async () => {
    show()
    const summary = await screen.findByText('Description')
    const details = summary.closest('details') as HTMLDetailsElement
    expect(details.open).toBe(false)
    expect(screen.getByText('Product information').closest('details')?.open).toBe(false)
  })

  it('thumbnails switch the main image, also with arrow keys', async () => {
    show()
    const tabs = await screen.findAllByRole('tab')
    expect(tabs[0].getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(tabs[0], { key: 'ArrowRight' })
    expect(tabs[1].getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(tabs[1])
    expect(screen.getByRole('img', { name: /image 2 of 2/ })).toBeTruthy()
  })

  it("a missing product shows 'Product not found'", async () => {
    show(
      fakeApi(() => {
        throw new ApiError(404, { message: 'Not found' })
      }).api,
    )
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Product not found')
    expect(screen.getByRole('link', { name: 'Browse all products' }).getAttribute('href')).toBe('/products')
  })
})
