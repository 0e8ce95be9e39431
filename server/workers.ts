/**
 * What runs in the worker threads (platform/worker-pool.ts): CPU-heavy steps as named exports, each taking and giving
 * plain data. server/app.ts starts the pool on it: through workers-from-sources.mjs, or as dist/app/workers.js when compiled.
 */
import type { Khata } from '../common/contracts/khata'
import type { TaxDocumentContent } from '../common/contracts/invoices'
import type { CatalogueCsvTasks } from './features/catalogue/csv-work'
import { renderTaxDocument } from './features/invoices/pdf'
import { statementPdf } from './features/khata/statement-pdf'

/** the catalogue CSV import's reading and planning (csv-plan.ts) */
export { catalogueCsvPlan, catalogueCsvRead, catalogueCsvWanted } from './features/catalogue/csv-work'

/** a tax invoice or credit note as a PDF */
export function taxDocumentPdf(content: TaxDocumentContent): Promise<Uint8Array> {
  return renderTaxDocument(content)
}

/** a customer's khata statement as a PDF */
export function khataStatementPdf({ shop, khata, at }: { shop: string; khata: Khata; at: Date }): Promise<Uint8Array> {
  return statementPdf(shop, khata, at)
}

export type WorkerTasks = CatalogueCsvTasks & {
  taxDocumentPdf: typeof taxDocumentPdf
  khataStatementPdf: typeof khataStatementPdf
}
