// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminProduct } from '../../../../common/contracts/admin-catalogue'
import type { UploadedMedia } from '../../../../common/contracts/admin-media'
import { ApiError } from '../../../lib/error-text'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { ProductEditor } from './product-editor'

vi.mock('../../../staff/form/media-upload', () => ({
  uploadImage: (file: File, onProgress: (f: number) => void) => {
    onProgress(0.5)
    const done = file.name.endsWith('.svg')
      ? Promise.reject(
          new ApiError(422, { message: 'SVG images are not accepted (they can carry scripts): upload a JPEG, PNG or WebP', errors: { file: 'SVG' } }),
        )
      : Promise.resolve<UploadedMedia>({
          path: `uploads/1/${file.name}`,
          url: `/cdn/uploads/1/${file.name}`,
          content_type: 'image/png',
          width: 10,
          height: 10,
          bytes: 10,
          created: true,
        })
    return { done, abort: () => {} }
  },
}))

afterEach(cleanup)

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
  image: 'uploads/1/a.png',
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
  medias: [{ src: 'uploads/1/a.png', alt: 'Front' }, { src: 'uploads/1/b.png' }, { src: 'uploads/1/c.png' }],
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
  ],
  ...over,
})

function editor(write: (body: { medias: { src: string; alt: string }[] }) => AdminProduct) {
  const { api, calls } = fakeApi((contract, input) => {
    if (contract.path === '/api/admin/categories')
      return { data: [{ id: 2, name: 'Rice', slug: 'rice', parent_id: null, position: 0, avatar: null, products: 2 }] }
    if (contract.path === '/api/admin/brands') return { data: [], meta: { total: 0, page: 1, perPage: 100 } }
    if (contract.method === 'GET') return product()
    return write(input.body as never)
  })
  renderAt(<ProductEditor id={7} />, { url: '/bos/admin/products/7', api })
  return calls
}

const images = () => screen.getByRole('list', { name: /^Images, in the order/ })
const tiles = () => within(images()).getAllByRole('listitem')
const srcs = () => tiles().map((li) => li.querySelector('img')!.getAttribute('src'))

describe('the product images', () => {
  it('reorders with the arrow buttons, marks the first as the card image, removes, and saves the list with alt text and the version', async () => {
    const calls = editor((body) => product({ version: 4, medias: body.medias }))
    await screen.findByRole('list', { name: /^Images, in the order/ })
    expect(within(tiles()[0]).getByText('Card image')).toBeTruthy()
    expect((within(tiles()[0]).getByLabelText('Alt text of image 1') as HTMLInputElement).value).toBe('Front')

    fireEvent.click(screen.getByRole('button', { name: 'Move image 3 left' }))
    expect(srcs()).toEqual(['/cdn/thumb/uploads/1/a.png', '/cdn/thumb/uploads/1/c.png', '/cdn/thumb/uploads/1/b.png'])
    fireEvent.click(within(tiles()[1]).getByRole('button', { name: 'Make card image' }))
    expect(srcs()[0]).toBe('/cdn/thumb/uploads/1/c.png')
    expect(within(tiles()[0]).getByText('Card image')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Move image 1 left' })).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 3' }))
    fireEvent.change(screen.getByLabelText('Alt text of image 1'), { target: { value: 'Back of the bag' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true))
    const body = calls.find((c) => c.method === 'PATCH')!.input.body as { version: number; medias: unknown }
    expect(body.version).toBe(3)
    expect(body.medias).toEqual([
      { src: 'uploads/1/c.png', alt: 'Back of the bag' },
      { src: 'uploads/1/a.png', alt: 'Front' },
    ])
  })

  it('adds uploaded images at the end, and says which files were refused and why', async () => {
    const calls = editor((body) => product({ version: 4, medias: body.medias }))
    await screen.findByRole('list', { name: /^Images, in the order/ })
    const input = screen.getByTestId('image-input') as HTMLInputElement
    const files = [
      new File(['x'], 'd.png', { type: 'image/png' }),
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
      new File(['x'], 'a.png', { type: 'image/png' }),
    ]
    Object.defineProperty(input, 'files', { value: files, configurable: true })
    fireEvent.change(input)
    const uploads = await screen.findByRole('list', { name: 'Uploads' })
    expect(await within(uploads).findByText(/SVG images are not accepted/)).toBeTruthy()
    expect(await within(uploads).findByText('This image is already in the list')).toBeTruthy()
    expect(srcs()).toEqual(['/cdn/thumb/uploads/1/a.png', '/cdn/thumb/uploads/1/b.png', '/cdn/thumb/uploads/1/c.png', '/cdn/thumb/uploads/1/d.png'])
    fireEvent.click(within(uploads).getByRole('button', { name: 'Dismiss the message about logo.svg' }))
    expect(within(uploads).queryByText(/SVG/)).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true))
    expect((calls.find((c) => c.method === 'PATCH')!.input.body as { medias: { src: string }[] }).medias.map((m) => m.src)).toEqual([
      'uploads/1/a.png',
      'uploads/1/b.png',
      'uploads/1/c.png',
      'uploads/1/d.png',
    ])
  })

  it('shows a refused image (422) on its tile', async () => {
    editor(() => {
      throw new ApiError(422, {
        message: 'This image was not uploaded to this website: upload it again',
        errors: { 'medias.1.src': 'This image was not uploaded to this website: upload it again' },
      })
    })
    await screen.findByRole('list', { name: /^Images, in the order/ })
    fireEvent.change(screen.getByLabelText('Alt text of image 2'), { target: { value: 'Side' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await within(tiles()[1]).findByText('This image was not uploaded to this website: upload it again')).toBeTruthy()
  })
})
