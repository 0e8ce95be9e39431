import { useState } from 'react'
import { IMPORT_MAX_ROWS, type ImportLine, type ImportPreview, type ImportProblem, type ImportSummary } from '../../../../common/contracts/admin-catalogue-csv'
import { ApiError, errorText } from '../../../lib/error-text'
import { Button, buttonClasses } from '../../../ui/button'
import { confirm } from '../../../ui/confirm-dialog'
import { FileField } from '../../../ui/file-field'
import { FormAlert } from '../../../ui/form-alert'
import { toast } from '../../../ui/toast'
import { Card } from '../../../staff/ui/card'
import { PageHeader } from '../../../staff/ui/page-header'
import { AlertIcon, DownloadIcon } from '../../../staff/ui/staff-icons'
import { CATALOGUE_EXPORT_URL, useApplyImport, usePreviewImport } from './api'

/** Rows of the problems and changes tables shown at first (a file can have thousands). */
const SHOWN = 100

/** Catalogue import and export: download the CSV; upload one, read its dry run, apply it. */
export function CatalogueCsvView() {
  const [file, setFile] = useState<File | null>(null)
  const preview = usePreviewImport()
  const apply = useApplyImport()
  const [done, setDone] = useState<{ file: string; summary: ImportSummary } | null>(null)
  const plan = preview.data

  const check = () => {
    if (!file) return
    setDone(null)
    apply.reset()
    preview.mutate(file)
  }
  const run = async (p: ImportPreview) => {
    const changes =
      p.summary.products.create +
      p.summary.products.change +
      p.summary.packs.create +
      p.summary.packs.change +
      p.summary.stock +
      p.summary.thresholds +
      p.summary.brands +
      p.summary.categories
    const ok = await confirm({
      title: `Apply “${p.file_name}”?`,
      message: changes ? `To the catalogue: ${describe(p.summary)}` : `Nothing in “${p.file_name}” differs from the catalogue. Apply it anyway?`,
      confirmText: 'Apply import',
      cancelText: 'Not yet',
    })
    if (!ok) return
    try {
      const answer = await apply.mutateAsync(p.token)
      setDone({ file: p.file_name, summary: answer.summary })
      preview.reset()
      toast.success('Import applied')
    } catch {
      /* shown below */
    }
  }

  return (
    <>
      <PageHeader
        title="Import and export"
        description="The catalogue as a spreadsheet: one row per pack, with its product, prices and stock in each warehouse."
      />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card title="Export" description="Every product and pack of this website, in every status.">
          <p className="mb-4 text-sm text-muted">
            A CSV file in UTF-8 that Excel, Google Sheets and LibreOffice open with ₹ and Hindi intact. Text that starts with = + − @ (a cell, or a line within
            one) gets an apostrophe so a spreadsheet never runs it; the import takes it off again.
          </p>
          <a href={CATALOGUE_EXPORT_URL} download className={buttonClasses()}>
            <DownloadIcon /> Download CSV
          </a>
        </Card>
        <Card
          title="Import"
          description={`The same columns. Products are matched by slug, packs by SKU; at most ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows. Nothing is deleted.`}
        >
          <div className="flex flex-wrap items-end gap-3">
            <FileField
              label="CSV file"
              accept=".csv,text/csv"
              className="min-w-64 flex-1"
              onFileChange={(f) => {
                setFile(f)
                preview.reset()
                apply.reset()
              }}
            />
            <Button onClick={check} disabled={!file} loading={preview.isPending}>
              Check file
            </Button>
          </div>
          <p className="mt-2 text-xs text-muted">Checking changes nothing: you see every problem and every change first, then apply.</p>
          {preview.error && (
            <div className="mt-4">
              <FormAlert message={errorText(preview.error)} />
            </div>
          )}
          {done && <Result file={done.file} summary={done.summary} />}
        </Card>
      </div>
      {plan && (
        <section aria-label="Preview" className="mt-5 space-y-5">
          <Card
            title={`Preview of “${plan.file_name}”`}
            description={`${plan.summary.rows.toLocaleString('en-IN')} rows. This preview can be applied until ${new Date(plan.expires_at).toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' })}.`}
            actions={
              <Button onClick={() => void run(plan)} disabled={plan.problems.length > 0} loading={apply.isPending}>
                Apply import
              </Button>
            }
          >
            <Counts summary={plan.summary} />
            {apply.error && <ApplyRefused error={apply.error} onCheckAgain={check} checking={preview.isPending} />}
            {plan.problems.length > 0 ? (
              <p role="alert" className="mt-4 flex items-center gap-2 text-sm font-medium text-danger">
                <AlertIcon className="size-4" /> {plan.problems.length === 1 ? '1 problem' : `${plan.problems.length.toLocaleString('en-IN')} problems`}: fix
                the file and check it again. Nothing can be applied until then.
              </p>
            ) : plan.lines.length === 0 ? (
              <p className="mt-4 text-sm text-muted">Nothing changes: the catalogue already matches this file.</p>
            ) : null}
          </Card>
          {plan.problems.length > 0 && <Problems problems={plan.problems} />}
          {(plan.new_brands.length > 0 || plan.new_categories.length > 0) && <NewTaxonomy plan={plan} />}
          {plan.lines.length > 0 && <Changes lines={plan.lines} />}
        </section>
      )}
    </>
  )
}

/**
 * Apply refused. When the catalogue changed since the preview (409: a row would now do something else; 422: a row now
 * has a problem), the rows are listed by line and the file can be checked again at once; nothing was imported.
 */
function ApplyRefused({ error, onCheckAgain, checking }: { error: Error; onCheckAgain: () => void; checking: boolean }) {
  const [shown, setShown] = useState(SHOWN)
  const rows = rowsOf(error)
  if (rows.length === 0)
    return (
      <div className="mt-4">
        <FormAlert message={errorText(error)} />
      </div>
    )
  const changed = error instanceof ApiError && error.status === 409
  return (
    <div role="alert" className="mt-4 rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm">
      <p className="font-medium text-danger">
        {changed
          ? `The catalogue changed since the preview: ${rows.length === 1 ? '1 row' : `${rows.length.toLocaleString('en-IN')} rows`} would now do something else. Nothing was imported.`
          : errorText(error)}
      </p>
      <ul className="mt-2 space-y-1">
        {rows.slice(0, shown).map((r) => (
          <li key={`${r.line}:${r.column}`}>
            <span className="font-medium tabular-nums">Line {r.line}</span>
            {r.column ? `, ${r.column}` : ''}: {r.message}
          </li>
        ))}
      </ul>
      <More total={rows.length} shown={shown} onMore={() => setShown(rows.length)} />
      <div className="mt-3">
        <Button size="sm" onClick={onCheckAgain} loading={checking}>
          Check the file again
        </Button>
      </div>
    </div>
  )
}

/** An apply refusal's rows: `errors` keyed `<line>:<column>` (the column empty for a whole row). */
function rowsOf(error: Error): { line: number; column: string; message: string }[] {
  if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 422)) return []
  const errors = (error.body as { errors?: unknown } | null)?.errors
  if (typeof errors !== 'object' || errors === null) return []
  return Object.entries(errors as Record<string, string>)
    .map(([key, message]) => ({ line: Number.parseInt(key, 10), column: key.slice(key.indexOf(':') + 1), message }))
    .filter((r) => Number.isInteger(r.line))
    .sort((a, b) => a.line - b.line)
}

function describe(s: ImportSummary) {
  const taxonomy = [
    s.brands ? `${s.brands} new ${s.brands === 1 ? 'brand' : 'brands'}` : '',
    s.categories ? `${s.categories} new ${s.categories === 1 ? 'category' : 'categories'}` : '',
  ]
    .filter(Boolean)
    .map((t) => `${t}, `)
    .join('')
  return `${taxonomy}${s.products.create} new and ${s.products.change} changed products, ${s.packs.create} new and ${s.packs.change} changed packs, ${s.stock} stock counts, ${s.thresholds} low-stock thresholds.`
}

/** The brands and categories the import will create, each with the first line that names it. */
function NewTaxonomy({ plan }: { plan: ImportPreview }) {
  const items = [
    ...plan.new_brands.map((b) => ({ kind: 'New brand', name: b.name, line: b.line })),
    ...plan.new_categories.map((c) => ({ kind: 'New category', name: c.path, line: c.line })),
  ]
  return (
    <Card title="Brands and categories to add" description="The file names these and they do not exist yet: applying the import creates them.">
      <ul aria-label="New brands and categories" className="divide-y divide-border text-sm">
        {items.map((i) => (
          <li key={`${i.kind}:${i.name}`} className="flex flex-wrap items-baseline gap-x-3 py-1.5">
            <span className="rounded bg-primary/10 px-1.5 py-0.5 text-xs font-medium text-primary">{i.kind.toLowerCase()}</span>
            <span className="font-medium">{i.name}</span>
            <span className="text-xs text-muted">line {i.line}</span>
          </li>
        ))}
      </ul>
    </Card>
  )
}

function Counts({ summary }: { summary: ImportSummary }) {
  const cells: [string, number, string][] = [
    ['New products', summary.products.create, 'text-primary'],
    ['Changed products', summary.products.change, 'text-primary'],
    ['Unchanged products', summary.products.unchanged, 'text-muted'],
    ['New packs', summary.packs.create, 'text-primary'],
    ['Changed packs', summary.packs.change, 'text-primary'],
    ['Unchanged packs', summary.packs.unchanged, 'text-muted'],
    ['Stock counts changed', summary.stock, 'text-primary'],
    ['Thresholds changed', summary.thresholds, 'text-primary'],
  ]
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-8">
      {cells.map(([label, n, tone]) => (
        <div key={label} className="rounded-md border border-border px-3 py-2">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className={`text-xl font-semibold tabular-nums ${n ? tone : 'text-muted'}`}>{n.toLocaleString('en-IN')}</dd>
        </div>
      ))}
    </dl>
  )
}

function Result({ file, summary }: { file: string; summary: ImportSummary }) {
  return (
    <div role="status" className="mt-4 rounded-md border border-primary/40 bg-primary/5 px-3 py-2 text-sm">
      <p className="font-medium">“{file}” is imported.</p>
      <p className="text-muted">{describe(summary)}</p>
    </div>
  )
}

function More({ total, shown, onMore }: { total: number; shown: number; onMore: () => void }) {
  if (shown >= total) return null
  return (
    <div className="mt-3">
      <Button variant="outline" size="sm" onClick={onMore}>
        Show all {total.toLocaleString('en-IN')}
      </Button>
    </div>
  )
}

const lineLabel = (p: { line: number | null; row?: number | null }) =>
  p.line === null ? 'File' : p.row && p.row !== p.line ? `${p.line} (row ${p.row})` : String(p.line)

function Problems({ problems }: { problems: ImportProblem[] }) {
  const [shown, setShown] = useState(SHOWN)
  return (
    <Card title="Problems" description="Line of the file (and row in a spreadsheet when it differs), column and what is wrong.">
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-border text-left text-muted">
              <th className="py-2 pr-4 font-medium">Line</th>
              <th className="py-2 pr-4 font-medium">Column</th>
              <th className="py-2 font-medium">Problem</th>
            </tr>
          </thead>
          <tbody>
            {problems.slice(0, shown).map((p, i) => (
              <tr key={i} className="border-b border-border/60 align-top">
                <td className="py-2 pr-4 tabular-nums whitespace-nowrap">{lineLabel(p)}</td>
                <td className="py-2 pr-4 whitespace-nowrap">{p.column ?? '—'}</td>
                <td className="py-2 text-danger">{p.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <More total={problems.length} shown={shown} onMore={() => setShown(problems.length)} />
    </Card>
  )
}

const ACTION = { create: 'New', change: 'Changed', unchanged: '—' } as const

function Changes({ lines }: { lines: ImportLine[] }) {
  const [shown, setShown] = useState(SHOWN)
  return (
    <Card title="What changes" description="Rows that create or change something; unchanged rows are only counted.">
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-border text-left text-muted">
              <th className="py-2 pr-4 font-medium">Line</th>
              <th className="py-2 pr-4 font-medium">Product</th>
              <th className="py-2 pr-4 font-medium">Pack</th>
              <th className="py-2 pr-4 font-medium">SKU</th>
              <th className="py-2 pr-4 font-medium">Product is</th>
              <th className="py-2 pr-4 font-medium">Pack is</th>
              <th className="py-2 font-medium">Columns that change</th>
            </tr>
          </thead>
          <tbody>
            {lines.slice(0, shown).map((l) => (
              <tr key={l.line} className="border-b border-border/60 align-top">
                <td className="py-2 pr-4 tabular-nums">{l.line}</td>
                <td className="py-2 pr-4">{l.product_name}</td>
                <td className="py-2 pr-4 whitespace-nowrap">{l.pack_name || '—'}</td>
                <td className="py-2 pr-4 font-mono text-xs">{l.sku ?? '—'}</td>
                <td className="py-2 pr-4">{ACTION[l.product]}</td>
                <td className="py-2 pr-4">{ACTION[l.pack]}</td>
                <td className="py-2 text-muted">{l.product === 'create' ? 'new product' : l.pack === 'create' ? 'new pack' : l.changes.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <More total={lines.length} shown={shown} onMore={() => setShown(lines.length)} />
    </Card>
  )
}
