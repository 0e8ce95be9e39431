import { listProducts, type Product } from '../../../common/contracts/catalogue'
import { getAdminProduct, listAdminProducts } from '../../../common/contracts/admin-catalogue'
import { listPackCodes } from '../../../common/contracts/pos'
import type { Api } from '../../lib/api'
import { catalogueStore, codeStore } from './pos-store'

/** Pages of the storefront's catalogue the counter keeps for offline selling (100 products a page). */
const MAX_PAGES = 20

/** Reads the storefront's whole catalogue (active products, their packs and prices) and keeps it for offline use. */
export async function refreshCatalogue(api: Api): Promise<Product[]> {
  const all: Product[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await api.call(listProducts, { query: { s: 'name', page, perPage: 100 } })
    all.push(...res.data)
    if (page >= res.meta.lastPage) break
  }
  await catalogueStore.put(all)
  return all
}

/** Every barcode and SKU of the website's packs, kept so a code never scanned before is found offline too. */
export async function refreshCodes(api: Api): Promise<number> {
  const { data } = await api.call(listPackCodes)
  await codeStore.putAll(data)
  return data.length
}

/** One word of at least 4 characters with a digit or a dash: what barcodes (EAN, UPC) and SKUs look like. */
export const looksLikeCode = (text: string) => /^[\p{L}\p{N}][\p{L}\p{N}._/-]{3,}$/u.test(text) && /[\d-]/.test(text)

const words = (s: string) => s.toLowerCase().split(/\s+/).filter(Boolean)

/** Search of the kept catalogue (offline): every word of the query in the product's name, brand or a pack name. */
export function searchKept(products: Product[], q: string, limit = 24): Product[] {
  const want = words(q)
  if (want.length === 0) return []
  return products
    .filter((p) => {
      const hay = `${p.product_name} ${p.brand_name} ${p.packs.map((k) => k.pack_name).join(' ')}`.toLowerCase()
      return want.every((w) => hay.includes(w))
    })
    .slice(0, limit)
}

export interface ScanHit {
  product: Product
  pack_id: number
}

/**
 * The pack a scanned code names (a pack's barcode or SKU): the codes already seen, kept in the browser, first;
 * online, the staff product search (which matches SKU and barcode exactly), then the product's packs.
 */
export async function findByCode(api: Api, code: string, kept: Product[], online: boolean): Promise<ScanHit | null> {
  const known = await codeStore.get(code)
  if (known) {
    const product = kept.find((p) => p.product_id === known.product_id)
    if (product?.packs.some((k) => k.pack_id === known.pack_id)) return { product, pack_id: known.pack_id }
  }
  if (!online) return null
  const rows = await api.call(listAdminProducts, { query: { q: code, perPage: 5 } })
  const wanted = code.toLowerCase()
  for (const row of rows.data) {
    const detail = await api.call(getAdminProduct, { params: { id: row.product_id } })
    const pack = detail.packs.find((k) => k.barcode?.toLowerCase() === wanted || k.sku?.toLowerCase() === wanted)
    if (!pack) continue
    await codeStore.put(code, { product_id: detail.product_id, pack_id: pack.pack_id })
    const product = kept.find((p) => p.product_id === detail.product_id) ?? detail
    return { product, pack_id: pack.pack_id }
  }
  return null
}
