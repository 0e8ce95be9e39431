import type { FastifyInstance } from 'fastify'
import { applyCatalogueImport, exportCatalogueCsv, IMPORT_MAX_BYTES, previewCatalogueImport } from '../../../common/contracts/admin-catalogue-csv'
import { orThrow } from '../../platform/result'
import { staffRoutes } from '../../platform/staff'
import { sendCatalogueCsv } from './csv-export'
import { applyImport, previewImport, previewJson } from './csv-import'

/** Two imports writing the same SKU at the same moment: the database refuses the second (the plan checks first). */
const UNIQUES = {
  packs_site_sku_uq: { field: 'sku', message: 'A SKU of this file was just used by another product: preview again' },
  packs_site_barcode_uq: { field: 'barcode', message: 'A barcode of this file was just used by another product: preview again' },
  products_site_slug_uq: { field: 'slug', message: 'A slug of this file was just taken by another product: preview again' },
  brands_site_slug_uq: { field: 'brand', message: 'A brand of this file was just added by someone else: preview again' },
  categories_site_slug_uq: { field: 'categories', message: 'A category of this file was just added by someone else: preview again' },
}

/** an import also sets stock per warehouse */
const WITH_STOCK = { permission: { all: ['catalogue', 'stock'] } } as const

/** The catalogue's CSV export and import (docs/decisions/0017-catalogue-csv.md). */
export function catalogueCsvRoutes(app: FastifyInstance) {
  return app.register(async (scope) => {
    // The upload is the file itself: its bytes as they are, so the encoding can be checked (csv-read.ts).
    scope.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_req, body, done) => done(null, body))
    await staffRoutes(scope, { tag: 'admin', permission: 'catalogue', uniques: UNIQUES }, (staff) => {
      staff.read(exportCatalogueCsv, (_req, ctx, reply) => sendCatalogueCsv(ctx, reply))
      // the answer as JSON (sent after the commit): its lines, 10,000 for a large file, were written in the worker thread (csv-work.ts)
      staff.write(
        previewCatalogueImport,
        async (req, ctx) => previewJson(orThrow(await previewImport(ctx, { outbound: app.deps.outbound, work: app.workers }, req.body, req.query.name))),
        WITH_STOCK,
      )
      staff.write(applyCatalogueImport, async (req, ctx) => orThrow(await applyImport(ctx, app.workers, req.params.token)), WITH_STOCK)
    })
  })
}
