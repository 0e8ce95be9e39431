import * as z from 'zod/mini'
import { defineContract } from './http'
import { text } from './text'

/**
 * The catalogue as a CSV file (docs/decisions/0017-catalogue-csv.md): export one row per pack with its product's
 * columns and stock, import the same columns with a preview first. The upload's body is the file itself
 * (`Content-Type: text/csv`), so its bytes reach the server as they are (the encoding is checked there).
 */

const int = () => z.number().check(z.int())

/** Rows (packs) in one import; more answers 422. */
export const IMPORT_MAX_ROWS = 10_000
/** The upload's size limit. */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024
/** How long a preview can be applied. */
export const IMPORT_TTL_MINUTES = 60

/**
 * The file's columns, in the export's order. An import names them by header (any case, or the key); the required
 * ones must be there, a missing optional column leaves that field as it is. Stock comes after these: one
 * `On hand: <warehouse>` column per warehouse. A brand or category the file names that does not exist
 * is created (a category as a path, `Staples > Atta`: each level under the one before).
 */
export const CSV_COLUMNS = [
  { key: 'product_name', header: 'Product name', required: true },
  { key: 'slug', header: 'Slug' },
  { key: 'brand', header: 'Brand', required: true },
  { key: 'categories', header: 'Categories', required: true },
  { key: 'status', header: 'Status' },
  { key: 'product_description', header: 'Description' },
  { key: 'product_info', header: 'Info' },
  { key: 'search_keywords', header: 'Search keywords' },
  { key: 'hsn_code', header: 'HSN code' },
  { key: 'gst_rate', header: 'GST rate' },
  /** GST compensation cess, percent (empty: none) */
  { key: 'cess_rate', header: 'Cess rate' },
  { key: 'pack_name', header: 'Pack name', required: true },
  { key: 'price', header: 'Price', required: true },
  { key: 'act_price', header: 'MRP', required: true },
  { key: 'sku', header: 'SKU' },
  { key: 'barcode', header: 'Barcode' },
  { key: 'weight_grams', header: 'Weight (g)' },
  { key: 'position', header: 'Sort order' },
  /** the pack's low-stock mark (empty: the default) */
  { key: 'low_stock', header: 'Low-stock threshold' },
  /**
   * import only (the export leaves it out): the product's images as http(s) addresses separated by spaces or `|`,
   * fetched when the file is previewed (public addresses only) and kept as uploads; empty leaves the images alone
   */
  { key: 'image_urls', header: 'Image URLs', importOnly: true },
] as const satisfies readonly { key: string; header: string; required?: boolean; importOnly?: boolean }[]
export type CsvColumnKey = (typeof CSV_COLUMNS)[number]['key']
/** The export's columns (the import-only ones left out). */
export const EXPORT_COLUMNS = CSV_COLUMNS.filter((c) => !('importOnly' in c))

/** Distinct image addresses one file may name (each fetched at preview). */
export const IMPORT_MAX_IMAGES = 500

/** The header of a warehouse's on-hand column. */
export const STOCK_HEADER_PREFIX = 'On hand: '

export const exportCatalogueCsv = defineContract({
  method: 'GET',
  path: '/api/admin/catalogue/export.csv',
  summary: 'Admin: the catalogue as CSV (UTF-8 with BOM), one row per pack with its product and its stock per warehouse; streamed',
  response: z.string(),
})

export const ImportProblem = z.object({
  /** the line of the file where the row starts (1 is the header); null for the whole file */
  line: z.nullable(int()),
  /** the row as a spreadsheet numbers it (differs from `line` after a cell with line breaks) */
  row: z.nullable(int()),
  /** the column's header as the file has it; null for the whole row or file */
  column: z.nullable(z.string()),
  message: z.string(),
})
export type ImportProblem = z.infer<typeof ImportProblem>

export const IMPORT_ACTIONS = ['create', 'change', 'unchanged'] as const
export type ImportAction = (typeof IMPORT_ACTIONS)[number]

const Counts = z.object({ create: int(), change: int(), unchanged: int() })

export const ImportLine = z.object({
  line: int(),
  product_name: z.string(),
  pack_name: z.string(),
  sku: z.nullable(z.string()),
  /** what the product (its own columns) and this pack would do */
  product: z.enum(IMPORT_ACTIONS),
  pack: z.enum(IMPORT_ACTIONS),
  /** the columns whose values change (product, pack and stock) */
  changes: z.array(z.string()),
})
export type ImportLine = z.infer<typeof ImportLine>

export const ImportSummary = z.object({
  rows: int(),
  products: Counts,
  packs: Counts,
  /** stock cells (pack × warehouse) that would change */
  stock: int(),
  /** low-stock thresholds that would change */
  thresholds: int(),
  /** brands and categories the file names that do not exist yet: the import creates them */
  brands: int(),
  categories: int(),
})
export type ImportSummary = z.infer<typeof ImportSummary>

export const ImportPreview = z.object({
  token: z.string(),
  file_name: z.string(),
  expires_at: z.string(),
  summary: ImportSummary,
  /** every problem; apply is refused while there is one */
  problems: z.array(ImportProblem),
  /** every row that creates or changes something (unchanged rows are only counted) */
  lines: z.array(ImportLine),
  /** brands the file names that do not exist yet (the first line naming each): the import creates them */
  new_brands: z.array(z.object({ name: z.string(), line: int() })),
  /** categories the file names that do not exist yet, as paths (`Staples > Atta`), parents first */
  new_categories: z.array(z.object({ path: z.string(), line: int() })),
})
export type ImportPreview = z.infer<typeof ImportPreview>

export const previewCatalogueImport = defineContract({
  method: 'POST',
  path: '/api/admin/catalogue/import',
  summary:
    'Admin: uploads a CSV (body: the file, Content-Type text/csv; `name` query: its file name) and answers a dry run: every problem by line and column, and what would be created, changed or left as it is. Changes nothing in the catalogue; the parsed file is kept under `token` for an hour. 422 for a file that is not UTF-8 or has more than 10,000 rows',
  query: z.object({ name: z.optional(text('File name', [z.trim(), z.maxLength(200, 'File name is at most 200 characters')])) }),
  response: ImportPreview,
})

export const ImportToken = text('token', [z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'No such import')])

export const applyCatalogueImport = defineContract({
  method: 'POST',
  path: '/api/admin/catalogue/import/:token/apply',
  summary:
    'Admin: applies a previewed import in one transaction, planned again against the catalogue as it is now, and does exactly what the preview showed: 409 (nothing written) when the catalogue changed since the preview so that a row would now do something else (a colleague made a product with its SKU, changed a product it changes), `errors` keyed `<line>:` naming each such row; 422 (nothing written) when any row has a problem, `errors` keyed `<line>:<column>`; 404 for a token of another website or person, or expired; 409 when already applied',
  params: z.object({ token: ImportToken }),
  body: z.optional(z.strictObject({})),
  response: z.object({ summary: ImportSummary }),
})
