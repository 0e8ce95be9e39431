import { type PaginationState, type RowData, type RowSelectionState, type SortingState, type Updater, functionalUpdate, useTable } from '@tanstack/react-table'
import { type KeyboardEvent, type ReactNode, useMemo, useRef, useState } from 'react'
import { cn } from '../../lib/cn'
import { Pagination } from '../../ui/pagination'
import { BulkBar } from './bulk-bar'
import { type StaffColumns, staffTableFeatures } from './table-features'
import type { TableQueryBase } from './table-query'
import { Checkbox, SkeletonRows, SortButton, TableError } from './table-parts'

export interface BulkSelection<Row> {
  ids: string[]
  /** the selected rows of this page (selection does not outlive a change of page, filter or search) */
  rows: Row[]
  clear: () => void
}

export interface DataTableProps<Row extends RowData, Q extends TableQueryBase> {
  /** the table's accessible name ('Products') */
  label: string
  columns: StaffColumns<Row>
  /** this page's rows; undefined before the first answer */
  rows: Row[] | undefined
  total: number
  getRowId: (row: Row) => string
  /** the view (useTableQuery) */
  query: Q
  /** the table asks for a sort (a sortable column's id, `-id` descending), a page or a page size */
  onQueryChange: (change: Partial<Q>) => void
  error?: unknown
  onRetry: () => void
  /** a newer answer is coming; the rows shown are the previous answer's */
  refreshing?: boolean
  /** what shows when the answer has no rows */
  empty: ReactNode
  /** search and filters, above the table */
  toolbar?: ReactNode
  /** makes rows selectable; renders the actions of the bar shown while some are selected */
  bulkActions?: (selection: BulkSelection<Row>) => ReactNode
  /** Enter on a row (and the row's main link) opens it */
  onOpenRow?: (row: Row) => void
}

const NO_ROWS: never[] = []
const toSorting = (sort: string | undefined): SortingState => (sort ? [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }] : [])

/**
 * Every staff list: the server searches, filters, sorts and pages (TanStack Table in manual mode); the state is
 * the address's (useTableQuery). Rows can be selected for bulk actions and walked with the arrow keys.
 */
export function DataTable<Row extends RowData, Q extends TableQueryBase>(props: DataTableProps<Row, Q>) {
  const { label, columns, rows, total, getRowId, query, error, onRetry, refreshing = false, empty, toolbar, bulkActions, onOpenRow } = props
  // Sort ids are the columns the page declared sortable (named after the call's sorts) and sizes come from the
  // pagination's own list, so what the table asks for is a value of the view's schema.
  const onQueryChange = (change: Partial<TableQueryBase>) => props.onQueryChange(change as Partial<Q>)
  // A selection belongs to the rows it was made on: another page, filter or search starts a new one.
  const viewKey = JSON.stringify(query)
  const [selection, setSelection] = useState<{ view: string; state: RowSelectionState }>({ view: viewKey, state: {} })
  const rowSelection = selection.view === viewKey ? selection.state : {}
  const sorting = useMemo(() => toSorting(query.sort), [query.sort])
  const pagination = useMemo<PaginationState>(() => ({ pageIndex: query.page - 1, pageSize: query.perPage }), [query.page, query.perPage])

  const table = useTable({
    features: staffTableFeatures,
    columns,
    data: rows ?? NO_ROWS,
    getRowId: (row: Row) => getRowId(row),
    defaultColumn: { enableSorting: false },
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    enableRowSelection: bulkActions !== undefined,
    rowCount: total,
    state: { sorting, pagination, rowSelection },
    onSortingChange: (updater: Updater<SortingState>) => {
      const [next] = functionalUpdate(updater, sorting)
      onQueryChange({ sort: next ? `${next.desc ? '-' : ''}${next.id}` : undefined })
    },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = functionalUpdate(updater, pagination)
      onQueryChange({ page: next.pageIndex + 1, perPage: next.pageSize })
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => setSelection({ view: viewKey, state: functionalUpdate(updater, rowSelection) }),
  })

  const rowRefs = useRef<(HTMLTableRowElement | null)[]>([])
  const [active, setActive] = useState(0)
  const modelRows = table.getRowModel().rows
  const activeRow = Math.min(active, Math.max(0, modelRows.length - 1))
  const selectable = bulkActions !== undefined
  const columnCount = columns.length + (selectable ? 1 : 0)
  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id])

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(index, modelRows.length - 1))
    setActive(target)
    rowRefs.current[target]?.focus()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    const target = e.target as HTMLElement
    // Text inputs and selects inside a row keep their own keys.
    if (target.closest('input:not([type=checkbox]), select, textarea')) return
    const onRow = target === rowRefs.current[index]
    const row = modelRows[index]
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      // A row's own links and buttons stay out of the Tab order; left and right reach them.
      const rowEl = rowRefs.current[index]
      const controls = [...(rowEl?.querySelectorAll<HTMLElement>('a[href], button:not(:disabled), input:not(:disabled)') ?? [])]
      const at = onRow ? -1 : controls.indexOf(target)
      const next = e.key === 'ArrowRight' ? controls[at + 1] : at <= 0 ? rowEl : controls[at - 1]
      if (!next) return
      next.focus()
    } else if (e.key === 'ArrowDown') focusRow(index + 1)
    else if (e.key === 'ArrowUp') focusRow(index - 1)
    else if (e.key === 'Home' && onRow) focusRow(0)
    else if (e.key === 'End' && onRow) focusRow(modelRows.length - 1)
    else if (e.key === 'Enter' && onRow && onOpenRow) onOpenRow(row.original)
    else if (e.key === ' ' && onRow && selectable) row.toggleSelected()
    else return
    e.preventDefault()
  }

  const hasRows = rows !== undefined && rows.length > 0
  return (
    <section aria-label={label} className="rounded-lg border border-border bg-surface">
      {toolbar && <div className="flex flex-wrap items-center gap-2 border-b border-border p-3">{toolbar}</div>}
      {selectable && selectedIds.length > 0 && (
        <BulkBar count={selectedIds.length} onClear={() => setSelection({ view: viewKey, state: {} })}>
          {bulkActions({
            ids: selectedIds,
            rows: modelRows.filter((r) => r.getIsSelected()).map((r) => r.original),
            clear: () => setSelection({ view: viewKey, state: {} }),
          })}
        </BulkBar>
      )}
      {error !== undefined && error !== null && !hasRows ? (
        <TableError error={error} onRetry={onRetry} />
      ) : (
        // relative: what is positioned inside the table (a visually hidden caption or input) scrolls and clips with it,
        // instead of widening the page on a phone
        <div className="relative overflow-x-auto">
          <table className="w-full border-collapse text-sm" aria-busy={rows === undefined || refreshing || undefined}>
            <caption className="sr-only">
              {label} (up and down arrows move between rows, left and right to a row’s links and buttons{selectable ? ', Space selects' : ''}
              {props.onOpenRow ? ', Enter opens' : ''})
            </caption>
            <thead className="bg-background/60 text-left text-xs font-semibold text-muted">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {selectable && (
                    <th scope="col" className="w-10 px-3 py-2.5">
                      <Checkbox
                        aria-label="Select all rows on this page"
                        checked={table.getIsAllPageRowsSelected()}
                        indeterminate={table.getIsSomePageRowsSelected()}
                        onChange={table.getToggleAllPageRowsSelectedHandler()}
                        disabled={!hasRows}
                      />
                    </th>
                  )}
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted()
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        className={cn('px-3 py-2.5 whitespace-nowrap', header.column.columnDef.meta?.className)}
                        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      >
                        {header.isPlaceholder ? null : header.column.getCanSort() ? (
                          <SortButton sorted={sorted} onClick={header.column.getToggleSortingHandler()}>
                            <table.FlexRender header={header} />
                          </SortButton>
                        ) : (
                          <table.FlexRender header={header} />
                        )}
                      </th>
                    )
                  })}
                </tr>
              ))}
            </thead>
            <tbody className={cn(refreshing && 'opacity-60 transition-opacity')}>
              {rows === undefined ? (
                <SkeletonRows rows={Math.min(query.perPage, 10)} columns={columnCount} />
              ) : rows.length === 0 ? (
                <tr>
                  <td colSpan={columnCount}>{empty}</td>
                </tr>
              ) : (
                modelRows.map((row, index) => (
                  <tr
                    key={row.id}
                    ref={(el) => {
                      rowRefs.current[index] = el
                    }}
                    tabIndex={index === activeRow ? 0 : -1}
                    aria-selected={selectable ? row.getIsSelected() : undefined}
                    onKeyDown={(e) => onKeyDown(e, index)}
                    onFocus={() => setActive(index)}
                    className={cn(
                      'border-t border-border outline-none focus-visible:bg-primary/5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary hover:bg-background/60',
                      row.getIsSelected() && 'bg-primary/5',
                    )}
                  >
                    {selectable && (
                      <td className="w-10 px-3 py-2">
                        <Checkbox
                          aria-label={`Select row ${index + 1}`}
                          checked={row.getIsSelected()}
                          onChange={row.getToggleSelectedHandler()}
                          tabIndex={-1}
                        />
                      </td>
                    )}
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id} className={cn('px-3 py-2 align-middle', cell.column.columnDef.meta?.className)}>
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      {total > 0 && (
        <div className="border-t border-border p-3">
          <Pagination
            page={query.page}
            total={total}
            perPage={query.perPage}
            onChange={(page) => table.setPageIndex(page - 1)}
            onPerPageChange={(size) => table.setPageSize(size)}
          />
        </div>
      )}
    </section>
  )
}
