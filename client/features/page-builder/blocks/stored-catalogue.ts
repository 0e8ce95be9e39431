import type { Brand, CategoryNode, Pack, Product } from '../../../../common/contracts/catalogue'
import { allOf, isInt, isNumber, isRecord, type Stored } from './stored'

// The catalogue's answers the server puts in a block's `response`, read as common/contracts/catalogue.ts parses them
// (Brand, Category, Product: unknown keys left out, defaults filled), without zod. Undefined: not that shape.

const isString = (value: unknown): value is string => typeof value === 'string'
const isNullableString = (value: unknown): value is string | null => value === null || isString(value)
/** zod's optional(nullable(string)): absent, null or a string. */
const isOptionalText = (value: unknown): value is string | null | undefined => value === undefined || isNullableString(value)

export function readBrand(value: unknown): Brand | undefined {
  if (!isRecord(value) || !isString(value.name) || !isString(value.slug) || !isNullableString(value.logo)) return undefined
  return { name: value.name, slug: value.slug, logo: value.logo }
}

export function readCategory(value: unknown): CategoryNode | undefined {
  if (!isRecord(value) || !isString(value.name) || !isString(value.slug) || !isNullableString(value.avatar)) return undefined
  const children = allOf(value.children, readCategory)
  return children && { name: value.name, slug: value.slug, avatar: value.avatar, children }
}

function readPack(value: unknown): Pack | undefined {
  if (!isRecord(value)) return undefined
  const { pack_id, pack_name, price, act_price, discount, warehouse_id, discount_type, in_stock, quantity } = value
  if (!isInt(pack_id) || !isString(pack_name) || !isNumber(price) || !isNumber(act_price) || !isNumber(discount)) return undefined
  if (!isInt(warehouse_id) || !isNullableString(discount_type) || typeof in_stock !== 'boolean') return undefined
  if (quantity !== undefined && !isInt(quantity)) return undefined
  const pack: Pack = { pack_id, pack_name, price, act_price, discount, warehouse_id, discount_type, in_stock }
  return quantity === undefined ? pack : { ...pack, quantity }
}

function readMedia(value: unknown): Product['medias'][number] | undefined {
  if (!isRecord(value) || !isString(value.src) || !(value.alt === undefined || isString(value.alt))) return undefined
  return value.alt === undefined ? { src: value.src } : { src: value.src, alt: value.alt }
}

const NAMES = ['product_name', 'brand_name', 'slug', 'brand_slug', 'category_slug'] as const

export function readProduct(value: unknown): Product | undefined {
  if (!isRecord(value) || !isInt(value.product_id) || !NAMES.every((key) => isString(value[key]))) return undefined
  const { product_description, product_info, wishlist = false, image = '' } = value
  if (!isOptionalText(product_description) || !isOptionalText(product_info)) return undefined
  if (!(wishlist === null || typeof wishlist === 'boolean') || !isString(image)) return undefined
  const medias = allOf(value.medias, readMedia)
  const packs = allOf(value.packs, readPack)
  if (!medias || !packs) return undefined
  const names = Object.fromEntries(NAMES.map((key) => [key, value[key]])) as Pick<Product, (typeof NAMES)[number]>
  return { product_id: value.product_id, ...names, ...texts({ product_description, product_info }), wishlist, medias, image, packs }
}

/** The optional texts that are there (an absent key stays absent, as zod leaves it). */
const texts = (fields: Stored) => Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))
