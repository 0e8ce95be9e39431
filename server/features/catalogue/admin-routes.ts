import type { FastifyInstance } from 'fastify'
import {
  applyPriceChange,
  bulkAdminProducts,
  createAdminBrand,
  createAdminCategory,
  createAdminProduct,
  deleteAdminCategory,
  duplicateAdminProduct,
  getAdminProduct,
  listAdminBrands,
  listAdminCategories,
  listAdminProducts,
  moveAdminCategory,
  previewPriceChange,
  updateAdminBrand,
  updateAdminCategory,
  updateAdminProduct,
} from '../../../common/contracts/admin-catalogue'
import { orThrow } from '../../platform/result'
import { staffRoutes } from '../../platform/staff'
import * as bulk from './admin-bulk'
import { listProducts } from './admin-list'
import * as products from './admin-products'
import * as taxonomy from './admin-taxonomy'
import { createSearchSynonym, deleteSearchSynonym, listSearchMisses, listSearchSynonyms } from '../../../common/contracts/admin-search'
import * as searchAdmin from './search-admin'
import { markDownPack } from '../../../common/contracts/admin-purchases'
import * as markdown from './admin-markdown'

/** Two saves of the same code at the same moment: the database refuses the second (services check first). */
const UNIQUES = {
  packs_site_sku_uq: { field: 'sku', message: 'This SKU was just used by another product' },
  packs_site_barcode_uq: { field: 'barcode', message: 'This barcode was just used by another product' },
  products_site_slug_uq: { field: 'slug', message: 'Another product just took this slug' },
  categories_site_slug_uq: { field: 'slug', message: 'Another category just took this slug' },
  brands_site_slug_uq: { field: 'slug', message: 'Another brand just took this slug' },
}

/** The catalogue's staff calls (CONTRACT "Staff calls"): products, bulk actions, categories and brands. */
export function catalogueAdminRoutes(app: FastifyInstance) {
  return staffRoutes(app, { tag: 'admin', permission: 'catalogue', uniques: UNIQUES }, (staff) => {
    staff.read(listAdminProducts, (req, ctx) => listProducts(ctx, req.query))
    staff.read(listSearchSynonyms, (_req, ctx) => searchAdmin.listSynonyms(ctx))
    staff.write(createSearchSynonym, (req, ctx) => searchAdmin.createSynonym(ctx, req.body))
    staff.write(deleteSearchSynonym, (req, ctx) => searchAdmin.deleteSynonym(ctx, req.params.id))
    staff.read(listSearchMisses, (_req, ctx) => searchAdmin.listMisses(ctx))
    staff.write(markDownPack, async (req, ctx) => orThrow(await markdown.markDownPack(ctx, req.params.id, req.body.price)))
    staff.write(createAdminProduct, async (req, ctx) => orThrow(await products.createProduct(ctx, req.body)))
    staff.read(getAdminProduct, async (req, ctx) => orThrow(await products.getProduct(ctx, req.params.id)))
    staff.write(updateAdminProduct, async (req, ctx) => orThrow(await products.updateProduct(ctx, req.params.id, req.body)))
    staff.write(duplicateAdminProduct, async (req, ctx) => orThrow(await products.duplicateProduct(ctx, req.params.id)))
    staff.write(bulkAdminProducts, async (req, ctx) => orThrow(await bulk.bulkUpdate(ctx, req.body)))
    staff.read(previewPriceChange, async (req, ctx) => orThrow(await bulk.previewPriceChange(ctx, req.body)))
    staff.write(applyPriceChange, async (req, ctx) => orThrow(await bulk.applyPriceChange(ctx, req.body)))

    staff.read(listAdminCategories, (_req, ctx) => taxonomy.listCategories(ctx))
    staff.write(createAdminCategory, async (req, ctx) => orThrow(await taxonomy.createCategory(ctx, req.body)))
    staff.write(updateAdminCategory, async (req, ctx) => orThrow(await taxonomy.updateCategory(ctx, req.params.id, req.body)))
    staff.write(moveAdminCategory, async (req, ctx) => orThrow(await taxonomy.moveCategory(ctx, req.params.id, req.body)))
    staff.write(deleteAdminCategory, async (req, ctx) => orThrow(await taxonomy.deleteCategory(ctx, req.params.id)))

    staff.read(listAdminBrands, (req, ctx) => taxonomy.listBrands(ctx, req.query))
    staff.write(createAdminBrand, async (req, ctx) => orThrow(await taxonomy.createBrand(ctx, req.body)))
    staff.write(updateAdminBrand, async (req, ctx) => orThrow(await taxonomy.updateBrand(ctx, req.params.id, req.body)))
  })
}
