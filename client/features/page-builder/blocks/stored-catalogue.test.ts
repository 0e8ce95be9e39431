import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { Brand, Category, Product } from '../../../../common/contracts/catalogue'
import { readBrand, readCategory, readProduct } from './stored-catalogue'

// The block views read the server's catalogue answers without zod (issue 31); they must answer what the contracts'
// schemas answer: the parsed value (unknown keys out, defaults in) or, for anything malformed, nothing.
const zodRead = (schema: z.ZodMiniType, value: unknown) => z.safeParse(schema, value).data

const pack = { pack_id: 70, pack_name: '100 g', price: 80, act_price: 90, discount: 11, warehouse_id: 1, discount_type: null, in_stock: true }
const product = {
  product_id: 7,
  product_name: 'MDH Garam Masala',
  product_description: 'Blend',
  brand_name: 'MDH',
  slug: 'mdh-garam-masala',
  brand_slug: 'mdh',
  category_slug: 'masalas-spices',
  wishlist: true,
  medias: [{ src: 'demo/products/mdh.webp', alt: 'A box' }],
  image: 'demo/products/mdh.webp',
  packs: [pack, { ...pack, pack_id: 71, quantity: 2, discount_type: 'percent' }],
}
const without = (key: string) => Object.fromEntries(Object.entries(product).filter(([k]) => k !== key))

const products: [string, unknown][] = [
  ['whole', product],
  ['with unknown keys', { ...product, stock: 3, packs: [{ ...pack, cost: 1 }] }],
  ['without the defaulted wishlist and image', without('wishlist')],
  ['without image', without('image')],
  ['with wishlist null and texts null', { ...product, wishlist: null, product_description: null, product_info: null }],
  ['with no packs and no media', { ...product, packs: [], medias: [] }],
  ['null', null],
  ['a list', [product]],
  ['a text', 'product'],
  ['product_id as text', { ...product, product_id: '7' }],
  ['product_id fractional', { ...product, product_id: 7.5 }],
  ['no slug', without('slug')],
  ['brand_name a number', { ...product, brand_name: 5 }],
  ['wishlist a text', { ...product, wishlist: 'yes' }],
  ['image null', { ...product, image: null }],
  ['description a number', { ...product, product_description: 1 }],
  ['medias missing', without('medias')],
  ['a media without src', { ...product, medias: [{ alt: 'x' }] }],
  ['a media alt null', { ...product, medias: [{ src: 'a', alt: null }] }],
  ['packs not a list', { ...product, packs: {} }],
  ['a pack with price NaN', { ...product, packs: [{ ...pack, price: Number.NaN }] }],
  ['a pack with price Infinity', { ...product, packs: [{ ...pack, price: Number.POSITIVE_INFINITY }] }],
  ['a pack without discount_type', { ...product, packs: [{ ...pack, discount_type: undefined }] }],
  ['a pack with in_stock 1', { ...product, packs: [{ ...pack, in_stock: 1 }] }],
  ['a pack with quantity 1.5', { ...product, packs: [{ ...pack, quantity: 1.5 }] }],
  ['a pack with warehouse_id as text', { ...product, packs: [{ ...pack, warehouse_id: '1' }] }],
]

describe('readProduct', () => {
  it.each(products)('reads a product %s as the contract does', (_, value) => {
    expect(readProduct(value)).toStrictEqual(zodRead(Product, value))
  })

  it('answers nothing for every malformed product (the view then shows placeholders)', () => {
    expect(products.filter(([, value]) => readProduct(value) === undefined).length).toBe(20)
  })
})

const brands: unknown[] = [
  { name: 'MDH', slug: 'mdh', logo: null },
  { name: 'MDH', slug: 'mdh', logo: 'l.webp', extra: 1 },
  { name: 'MDH', slug: 'mdh' },
  { name: 'MDH', logo: null },
  { name: 3, slug: 'mdh', logo: null },
  null,
  'mdh',
]
const leaf = { name: 'Masala', slug: 'masala', avatar: null, children: [] }
const categories: unknown[] = [
  leaf,
  { ...leaf, avatar: 'a.webp', children: [leaf, { ...leaf, slug: 'b', extra: true }] },
  { ...leaf, children: undefined },
  { ...leaf, children: [{ ...leaf, avatar: 2 }] },
  { ...leaf, slug: null },
  [leaf],
]

describe('readBrand and readCategory', () => {
  it.each(brands)('reads the brand %j as the contract does', (value) => {
    expect(readBrand(value)).toStrictEqual(zodRead(Brand, value))
  })

  it.each(categories)('reads the category %j as the contract does', (value) => {
    expect(readCategory(value)).toStrictEqual(zodRead(Category, value))
  })
})
