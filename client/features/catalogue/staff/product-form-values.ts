import type { AdminProduct, CreateProductInput, ProductStatus, UpdateProductInput } from '../../../../common/contracts/admin-catalogue'

/** A pack row as typed: text, so a half-typed price stays on screen; `pack_id` '' for a new pack. */
export interface PackFormValues {
  pack_id: string
  pack_name: string
  price: string
  act_price: string
  sku: string
  barcode: string
  weight_grams: string
  /** a new pack's opening stock, by warehouse (`w<id>`: react-hook-form reads a number in a path as an array index) */
  opening_stock: Record<string, string>
}

/** An image of the product: an uploaded image's path and its alt text (the first is the card image). */
export interface MediaFormValues {
  src: string
  alt: string
}

export interface ProductFormValues {
  product_name: string
  slug: string
  brand: string
  /** slugs, the primary first */
  categories: string[]
  status: ProductStatus
  product_description: string
  product_info: string
  search_keywords: string
  hsn_code: string
  gst_rate: string
  cess_rate: string
  packs: PackFormValues[]
  medias: MediaFormValues[]
}

export const emptyPack = (): PackFormValues => ({
  pack_id: '',
  pack_name: '',
  price: '',
  act_price: '',
  sku: '',
  barcode: '',
  weight_grams: '',
  opening_stock: {},
})

/** The form's key of a warehouse's opening stock. */
export const stockKey = (warehouseId: number) => `w${warehouseId}`

export const emptyProduct = (): ProductFormValues => ({
  product_name: '',
  slug: '',
  brand: '',
  categories: [],
  status: 'active',
  product_description: '',
  product_info: '',
  search_keywords: '',
  hsn_code: '',
  gst_rate: '',
  cess_rate: '',
  packs: [emptyPack()],
  medias: [],
})

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v))

export function productFormValues(p: AdminProduct): ProductFormValues {
  return {
    product_name: p.product_name,
    slug: p.slug,
    brand: p.brand_name,
    categories: [...p.categories],
    status: p.status,
    product_description: text(p.product_description),
    product_info: text(p.product_info),
    search_keywords: p.search_keywords,
    hsn_code: text(p.hsn_code),
    gst_rate: text(p.gst_rate),
    cess_rate: text(p.cess_rate),
    packs: [...p.packs]
      .sort((a, b) => a.position - b.position)
      .map((k) => ({
        pack_id: String(k.pack_id),
        pack_name: k.pack_name,
        price: String(k.price),
        act_price: String(k.act_price),
        sku: text(k.sku),
        barcode: text(k.barcode),
        weight_grams: text(k.weight_grams),
        opening_stock: {},
      })),
    medias: p.medias.map((m) => ({ src: m.src, alt: m.alt ?? '' })),
  }
}

/** '' is absent; anything else a number (NaN for text that is none, which the contract refuses with its message). */
const num = (v: string) => (v.trim() === '' ? undefined : Number(v.trim().replace(/,/g, '')))
const orNull = (v: string) => (v.trim() === '' ? null : v.trim())

function packInput(k: PackFormValues) {
  return {
    pack_name: k.pack_name,
    price: num(k.price) as number,
    act_price: num(k.act_price) as number,
    sku: orNull(k.sku),
    barcode: orNull(k.barcode),
    weight_grams: (num(k.weight_grams) ?? null) as number | null,
    ...openingStock(k),
  }
}

/** A new pack's opening stock as sent: the warehouses with a figure (recorded as Received). */
function openingStock(k: PackFormValues) {
  if (k.pack_id) return {}
  const list = Object.entries(k.opening_stock ?? {}).flatMap(([key, v]) =>
    v.trim() === '' ? [] : [{ warehouse_id: Number(key.slice(1)), quantity: num(v) as number }],
  )
  return list.length ? { opening_stock: list } : {}
}

const details = (v: ProductFormValues) => ({
  slug: v.slug.trim() === '' ? undefined : v.slug,
  product_description: orNull(v.product_description),
  product_info: orNull(v.product_info),
  search_keywords: v.search_keywords,
  hsn_code: orNull(v.hsn_code),
  gst_rate: (num(v.gst_rate) ?? null) as 0 | 5 | 12 | 18 | 28 | null,
  cess_rate: num(v.cess_rate) ?? null,
  medias: v.medias.map((m) => ({ src: m.src, alt: m.alt })),
})

export function createInput(v: ProductFormValues): CreateProductInput {
  return {
    product_name: v.product_name,
    brand: v.brand,
    categories: v.categories,
    status: v.status === 'draft' ? 'draft' : 'active',
    packs: v.packs.map(packInput),
    ...details(v),
  }
}

/** Everything the editor shows is sent; packs keep their ids, a pack left out is removed, new ones have none. */
export function updateInput(v: ProductFormValues, version: number): UpdateProductInput {
  return {
    version,
    product_name: v.product_name,
    brand: v.brand,
    categories: v.categories,
    status: v.status,
    packs: v.packs.map((k) => ({ ...(k.pack_id ? { pack_id: Number(k.pack_id) } : {}), ...packInput(k) })),
    ...details(v),
  }
}

/** Spec §5 'X is required' for these when empty. */
export const REQUIRED_FIELDS = {
  product_name: 'Product name',
  brand: 'Brand',
  'packs.*.pack_name': 'Pack name',
  'packs.*.price': 'Price',
  'packs.*.act_price': 'MRP',
}

/** The field names a server message can land on. */
export const PRODUCT_FIELDS = [
  'product_name',
  'slug',
  'brand',
  'categories',
  'status',
  'product_description',
  'product_info',
  'search_keywords',
  'hsn_code',
  'gst_rate',
  'cess_rate',
  'packs',
  'medias',
  ...['pack_name', 'price', 'act_price', 'sku', 'barcode', 'weight_grams', 'opening_stock'].map((f) => `packs.*.${f}`),
  'medias.*.src',
  'medias.*.alt',
]

/** What a 409's `changed` names are called on screen, and how each reads, for the conflict dialog. */
export const CHANGE_LABELS: Record<string, { label: string; read: (v: ProductFormValues) => string }> = {
  product_name: { label: 'Name', read: (v) => v.product_name },
  slug: { label: 'Slug', read: (v) => v.slug },
  brand: { label: 'Brand', read: (v) => v.brand },
  brand_id: { label: 'Brand', read: (v) => v.brand },
  categories: { label: 'Categories', read: (v) => v.categories.join(', ') },
  status: { label: 'Status', read: (v) => v.status },
  product_description: { label: 'Description', read: (v) => v.product_description },
  product_info: { label: 'Info', read: (v) => v.product_info },
  search_keywords: { label: 'Search keywords', read: (v) => v.search_keywords },
  hsn_code: { label: 'HSN code', read: (v) => v.hsn_code },
  gst_rate: { label: 'GST rate', read: (v) => (v.gst_rate ? `${v.gst_rate} %` : '') },
  cess_rate: { label: 'Cess', read: (v) => (v.cess_rate ? `${v.cess_rate} %` : '') },
  medias: { label: 'Images', read: (v) => (v.medias.length ? v.medias.map((m, i) => `${i + 1}. ${m.alt || 'no alt text'}`).join('; ') : 'No images') },
  packs: { label: 'Packs', read: (v) => v.packs.map((k) => `${k.pack_name} ₹${k.price} (MRP ₹${k.act_price})`).join('; ') },
}
