import type { ProductStatus } from '../../../common/contracts/admin-catalogue'
import type { NewTaxonomy } from './csv-taxonomy'
import type { ImportAction, ImportLine, ImportProblem, ImportSummary } from '../../../common/contracts/admin-catalogue-csv'

/** What an import's plan holds (csv-plan.ts): the values and the action planned for each product, pack and stock cell. */

export interface ProductValues {
  name: string
  slug: string | null
  brandId: number
  categoryIds: number[]
  status: ProductStatus
  description: string | null
  info: string | null
  searchKeywords: string
  hsnCode: string | null
  gstRate: number | null
  cessRate: number | null
  /** the product's images in order (the file's, else as they are) */
  medias: { src: string; alt?: string }[]
}
export interface PackValues {
  name: string
  pricePaise: number
  mrpPaise: number
  sku: string | null
  barcode: string | null
  weightGrams: number | null
  position: number
}

export interface PlannedStock {
  warehouseId: number
  /** on hand now (0 when the pack has no stock row there) */
  from: number
  to: number
}
export interface PlannedPack {
  line: number
  existingId: number | null
  values: PackValues
  action: ImportAction
  changes: string[]
  stock: PlannedStock[]
  /** the pack's low-stock mark, when the file changes it (null: the default) */
  threshold: { from: number | null; to: number | null } | null
}
export interface PlannedProduct {
  line: number
  existingId: number | null
  /** the product's version as the plan read it (null for a new product) */
  version: number | null
  values: ProductValues
  action: ImportAction
  changes: string[]
  packs: PlannedPack[]
}
export interface Plan {
  problems: ImportProblem[]
  /** brands and categories the file names that do not exist yet (their stand-in ids are below zero) */
  created: NewTaxonomy
  products: PlannedProduct[]
  summary: ImportSummary
  lines: ImportLine[]
}
