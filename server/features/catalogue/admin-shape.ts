import type { AdminPack, AdminProduct } from '../../../common/contracts/admin-catalogue'
import type { AdminPackRow, AdminProductRowData } from './admin-queries'
import { toPack, toProduct } from './shape'

export const toPaise = (rupees: number) => Math.round(rupees * 100)
export const toRupees = (paise: number) => Math.round(paise) / 100

export function toAdminPack(row: AdminPackRow, warehouseId: number | null): AdminPack {
  return { ...toPack(row, warehouseId), sku: row.sku, barcode: row.barcode, weight_grams: row.weightGrams, position: row.position }
}

/** The spec's product shape (what the storefront answers) with what staff keep. */
export function toAdminProduct(row: AdminProductRowData, categorySlugs: string[], packs: AdminPack[]): AdminProduct {
  return {
    ...toProduct({ ...row, categorySlug: categorySlugs[0] ?? '' }, packs),
    packs,
    status: row.status,
    version: row.version,
    brand_id: row.brandId,
    categories: categorySlugs,
    search_keywords: row.searchKeywords,
    hsn_code: row.hsnCode,
    gst_rate: row.gstRate,
    cess_rate: row.cessRate,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/**
 * A product as the audit log keeps it, and as a stale save is diffed: what staff edit, named like the edit's
 * fields (`brand`, `categories`, `packs`, …), without what stock or the shopper changes.
 */
export function productRecord(p: AdminProduct) {
  return {
    product_id: p.product_id,
    version: p.version,
    product_name: p.product_name,
    slug: p.slug,
    brand: p.brand_name,
    categories: p.categories,
    status: p.status,
    product_description: p.product_description ?? null,
    product_info: p.product_info ?? null,
    search_keywords: p.search_keywords,
    hsn_code: p.hsn_code,
    gst_rate: p.gst_rate,
    cess_rate: p.cess_rate,
    medias: p.medias,
    packs: p.packs.map((k) => ({
      pack_id: k.pack_id,
      pack_name: k.pack_name,
      price: k.price,
      act_price: k.act_price,
      sku: k.sku,
      barcode: k.barcode,
      weight_grams: k.weight_grams,
    })),
    updated_at: p.updated_at,
  }
}
