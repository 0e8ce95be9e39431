import type { Pack, Product } from '../../../common/contracts/catalogue'
import type { PackRow, ProductRow } from './queries'

const rupees = (paise: number) => Math.round(paise) / 100

export function toPack(row: PackRow, warehouseId: number | null): Pack {
  const discount = row.mrpPaise > row.pricePaise ? Math.round(((row.mrpPaise - row.pricePaise) * 100) / row.mrpPaise) : 0
  return {
    pack_id: row.id,
    pack_name: row.name,
    price: rupees(row.pricePaise),
    act_price: rupees(row.mrpPaise),
    discount,
    discount_type: discount > 0 ? 'percent' : null,
    warehouse_id: warehouseId ?? 0,
    in_stock: row.available > 0,
  }
}

export function toProduct(row: ProductRow, packs: Pack[]): Product {
  return {
    product_id: row.id,
    product_name: row.name,
    product_description: row.description,
    product_info: row.info,
    brand_name: row.brandName,
    slug: row.slug,
    brand_slug: row.brandSlug,
    category_slug: row.categorySlug,
    wishlist: false,
    medias: row.medias,
    image: row.medias[0]?.src ?? '',
    packs,
  }
}
