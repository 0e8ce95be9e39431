// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { staffListQuery } from '../../../common/contracts/admin'
import { fakeApi, renderAt } from '../../lib/test-kit'
import { DataTable } from './data-table'
import { staffColumns } from './table-features'
import { parseTableQuery, tableQueryString } from './table-query'
import { TableEmpty } from './table-parts'
import { TableSearch } from './table-search'
import { useTableQuery } from './use-table-query'

afterEach(cleanup)

const schema = staffListQuery(['name', 'price'], 'name', { status: z.optional(z.enum(['draft', 'active'])) })
interface Item {
  id: number
  name: string
  price: number
  status: 'draft' | 'active'
}
const items: Item[] = Array.from({ length: 57 }, (_, i) => ({
  id: i + 1,
  name: `Item ${String(i + 1).padStart(2, '0')}`,
  price: 100 - i,
  status: i % 3 === 0 ? 'draft' : 'active',
}))

const h = staffColumns<Item>()
const columns = h.columns([
  h.accessor('name', { id: 'name', header: 'Name', enableSorting: true }),
  h.accessor('price', { id: 'price', header: 'Price', enableSorting: true }),
  h.accessor('status', { header: 'Status' }),
])

/** A table over `items` with a fake server: search, status filter, sort and page, as a staff list call would. */
function Harness({
  onBulk = () => {},
  onOpen = () => {},
  state = 'ok',
}: {
  onBulk?: (ids: string[]) => void
  onOpen?: (item: Item) => void
  state?: 'ok' | 'pending' | 'error'
}) {
  const { query, setQuery } = useTableQuery(schema)
  const { column, desc } = { column: query.sort.replace('-', '') as 'name' | 'price', desc: query.sort.startsWith('-') }
  const found = items
    .filter((i) => (!query.q || i.name.toLowerCase().includes(query.q.toLowerCase())) && (!query.status || i.status === query.status))
    .sort((a, b) => (a[column] < b[column] ? -1 : a[column] > b[column] ? 1 : 0) * (desc ? -1 : 1))
  const rows = found.slice((query.page - 1) * query.perPage, query.page * query.perPage)
  return (
    <DataTable
      label="Items"
      columns={columns}
      rows={state === 'ok' ? rows : undefined}
      total={state === 'ok' ? found.length : 0}
      getRowId={(i) => String(i.id)}
      query={query}
      onQueryChange={setQuery}
      error={state === 'error' ? new Error('Network down') : undefined}
      onRetry={() => onBulk(['retry'])}
      empty={
        <TableEmpty
          title="No items match"
          action={
            <button type="button" onClick={() => setQuery({ q: undefined, status: undefined })}>
              Clear filters
            </button>
          }
        />
      }
      toolbar={<TableSearch value={query.q ?? ''} onSearch={(q) => setQuery({ q: q || undefined }, { replace: true })} label="Search items" />}
      bulkActions={({ ids }) => (
        <button type="button" onClick={() => onBulk(ids)}>
          Publish
        </button>
      )}
      onOpenRow={onOpen}
    />
  )
}

const { api } = fakeApi(() => null)
const open = (url: string, props: Parameters<typeof Harness>[0] = {}) => renderAt(<Harness {...props} />, { url, api })
const location = () => screen.getByTestId('location').textContent
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]?.textContent)

describe('table state in the address', () => {
  it('parses the view from the address and writes back only what differs from the defaults', () => {
    const { query } = parseTableQuery(schema, new URLSearchParams('q=rice&status=draft&sort=-price&page=3&perPage=50'))
    expect(query).toEqual({ q: 'rice', status: 'draft', sort: '-price', page: 3, perPage: 50 })
    expect(tableQueryString(schema, query)).toBe('page=3&perPage=50&q=rice&sort=-price&status=draft')
    expect(tableQueryString(schema, { ...query, sort: 'name', page: 1, perPage: 20, q: undefined, status: undefined })).toBe('')
  })

  it('drops values the call would refuse (and keeps the rest of the view)', () => {
    const { query, dropped } = parseTableQuery(schema, new URLSearchParams('perPage=7&status=gone&q=atta&page=2'))
    expect(query).toEqual({ q: 'atta', page: 2, perPage: 20, sort: 'name' })
    expect(dropped.sort()).toEqual(['perPage', 'status'])
  })

  it('opens a bookmarked view as it was, and corrects a bad address in place', async () => {
    open('/items?status=draft&sort=-price&perPage=5&page=2&junk=1&perPage2=x')
    expect(names()).toEqual(['Item 16', 'Item 19', 'Item 22', 'Item 25', 'Item 28'])
    expect(screen.getByText('Total: 19')).toBeTruthy()
    cleanup()
    open('/items?perPage=7&status=gone&page=2')
    await waitFor(() => expect(location()).toBe('/items?page=2'))
  })

  it('sorts by a column header, and a new sort goes back to page 1', () => {
    open('/items?page=2')
    const price = screen.getByRole('columnheader', { name: /Price/ })
    expect(price.getAttribute('aria-sort')).toBeNull()
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending')
    fireEvent.click(within(price).getByRole('button'))
    expect(location()).toMatch(/^\/items\?sort=-?price$/)
    const first = location()
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Price/ })).getByRole('button'))
    expect(location()).toBe(first === '/items?sort=price' ? '/items?sort=-price' : '/items?sort=price')
  })

  it('searches on the server after typing stops, from page 1', async () => {
    open('/items?page=3')
    fireEvent.change(screen.getByLabelText('Search items'), { target: { value: 'Item 4' } })
    expect(location()).toBe('/items?page=3')
    await waitFor(() => expect(location()).toBe('/items?q=Item+4'))
    expect(names()).toEqual(['Item 40', 'Item 41', 'Item 42', 'Item 43', 'Item 44', 'Item 45', 'Item 46', 'Item 47', 'Item 48', 'Item 49'])
  })
})

describe('pagination (spec §2)', () => {
  it("shows 'Total: N', moves between pages and changes the rows per page", () => {
    open('/items')
    expect(screen.getByText('Total: 57')).toBeTruthy()
    expect(names()).toHaveLength(20)
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }))
    expect(location()).toBe('/items?page=3')
    expect(names()).toEqual([
      'Item 41',
      'Item 42',
      'Item 43',
      'Item 44',
      'Item 45',
      'Item 46',
      'Item 47',
      'Item 48',
      'Item 49',
      'Item 50',
      'Item 51',
      'Item 52',
      'Item 53',
      'Item 54',
      'Item 55',
      'Item 56',
      'Item 57',
    ])
    expect([...screen.getByLabelText('Rows per page').querySelectorAll('option')].map((o) => o.textContent)).toEqual(['5', '10', '20', '50', '100'])
    // The first row shown (41st) stays on the page shown after the change.
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '5' } })
    expect(location()).toBe('/items?page=9&perPage=5')
    expect(names()[0]).toBe('Item 41')
  })
})

describe('selection and bulk actions', () => {
  it('shows the bulk bar with the selected ids, selects a whole page, and forgets the selection on another page', () => {
    const onBulk = vi.fn()
    open('/items?perPage=5', { onBulk })
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull()
    fireEvent.click(screen.getByLabelText('Select row 2'))
    fireEvent.click(screen.getByLabelText('Select row 4'))
    const bar = screen.getByRole('region', { name: 'Bulk actions' })
    expect(within(bar).getByText('2 selected')).toBeTruthy()
    fireEvent.click(within(bar).getByRole('button', { name: 'Publish' }))
    expect(onBulk).toHaveBeenLastCalledWith(['2', '4'])

    const all = screen.getByLabelText('Select all rows on this page') as HTMLInputElement
    expect(all.indeterminate).toBe(true)
    fireEvent.click(all)
    expect(within(screen.getByRole('region', { name: 'Bulk actions' })).getByText('5 selected')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }))
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull()

    fireEvent.click(screen.getByLabelText('Select row 1'))
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }))
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull()
    expect(screen.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked)).toHaveLength(0)
  })

  it('walks the rows with the arrow keys; Space selects, Enter opens', () => {
    const onOpen = vi.fn()
    open('/items?perPage=5', { onOpen })
    const rows = () => screen.getAllByRole('row').slice(1)
    expect(rows().map((r) => r.tabIndex)).toEqual([0, -1, -1, -1, -1])
    act(() => rows()[0].focus())
    fireEvent.keyDown(rows()[0], { key: 'ArrowDown' })
    expect(document.activeElement).toBe(rows()[1])
    fireEvent.keyDown(rows()[1], { key: 'End' })
    expect(document.activeElement).toBe(rows()[4])
    fireEvent.keyDown(rows()[4], { key: 'ArrowUp' })
    fireEvent.keyDown(rows()[3], { key: ' ' })
    expect(rows()[3].getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(rows()[3], { key: 'Enter' })
    expect(onOpen).toHaveBeenCalledWith(items[3])
    expect(rows().map((r) => r.tabIndex)).toEqual([-1, -1, -1, 0, -1])
  })
})

describe('loading, empty and error states', () => {
  it('shows a skeleton while the first answer is on its way', () => {
    open('/items?perPage=5', { state: 'pending' })
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true')
    expect(document.querySelectorAll('tbody tr[aria-hidden="true"]')).toHaveLength(5)
    expect(screen.queryByText(/Total:/)).toBeNull()
  })

  it('says when nothing matches and offers to clear the filters', () => {
    open('/items?q=nothing-like-this&status=draft')
    expect(screen.getByText('No items match')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(location()).toBe('/items')
    expect(names()).toHaveLength(20)
  })

  it('shows the error with a way to try again', () => {
    const onBulk = vi.fn()
    open('/items', { state: 'error', onBulk })
    expect(screen.getByRole('alert').textContent).toContain('Network down')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onBulk).toHaveBeenCalledWith(['retry'])
  })
})
