// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AdminCategory } from '../../../../common/contracts/admin-catalogue'
import { ApiError } from '../../../lib/error-text'
import { fakeApi, renderAt } from '../../../lib/test-kit'
import { ConfirmHost } from '../../../ui/confirm-dialog'
import { Toaster, toast } from '../../../ui/toast'
import { applyMove } from './category-tree'
import { CategoryTreeView } from './category-tree-view'

afterEach(() => {
  toast.clear()
  cleanup()
})

const cat = (id: number, name: string, parent_id: number | null, position: number, products = 0): AdminCategory => ({
  id,
  name,
  slug: name.toLowerCase(),
  parent_id,
  position,
  avatar: null,
  products,
})

/** A fake server holding the tree: moves change it (or are refused by `refuse`). */
function open({ refuse }: { refuse?: ApiError } = {}) {
  let tree = [cat(1, 'Staples', null, 0, 12), cat(2, 'Rice', 1, 0, 5), cat(3, 'Dal', 1, 1, 4), cat(5, 'Snacks', null, 1)]
  const fake = fakeApi((contract, input) => {
    if (contract.path === '/api/admin/categories' && contract.method === 'GET') return { data: tree }
    if (contract.path === '/api/admin/categories/:id/move') {
      if (refuse) throw refuse
      const { id } = input.params as { id: number }
      tree = applyMove(tree, id, input.body as { parent_id: number | null; position: number })
      return { data: tree }
    }
    if (contract.method === 'DELETE') throw new ApiError(409, { message: '“Staples” has subcategories: move or delete them first' })
    throw new Error(`unexpected ${contract.path}`)
  })
  renderAt(
    <>
      <CategoryTreeView />
      <Toaster />
      <ConfirmHost />
    </>,
    { url: '/bos/admin/categories', api: fake.api },
  )
  const moves = () =>
    fake.calls.filter((c) => c.path.endsWith('/move')).map((c) => ({ id: (c.input.params as { id: number }).id, ...(c.input.body as object) }))
  return { moves }
}

/** The names in the tree as shown, indented by depth. */
const shown = () =>
  screen.getAllByRole('listitem').map((li) => {
    let depth = 0
    for (let p = li.parentElement; p; p = p.parentElement) if (p.tagName === 'LI') depth++
    return `${'  '.repeat(depth)}${li.getAttribute('aria-label')}`
  })

describe('the category tree', () => {
  it('shows the nested tree with product counts, and collapses a branch', async () => {
    open()
    await screen.findByText('Staples')
    expect(shown()).toEqual(['Staples', '  Rice', '  Dal', 'Snacks'])
    expect(within(screen.getByRole('listitem', { name: 'Staples' })).getAllByText('12').length).toBeGreaterThan(0)
    fireEvent.click(screen.getByRole('button', { name: 'Collapse Staples' }))
    expect(shown()).toEqual(['Staples', 'Snacks'])
    fireEvent.click(screen.getByRole('button', { name: 'Expand Staples' }))
    expect(shown()).toEqual(['Staples', '  Rice', '  Dal', 'Snacks'])
  })

  it('moves by the buttons: down, out of its parent, into the one above; each move saved and said', async () => {
    const { moves } = open()
    await screen.findByText('Staples')
    expect((screen.getByRole('button', { name: 'Move Rice up' }) as HTMLButtonElement).disabled).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: 'Move Rice down' }))
    await waitFor(() => expect(shown()).toEqual(['Staples', '  Dal', '  Rice', 'Snacks']))
    expect(await screen.findByText('Rice moved: now 2nd in Staples')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Move Rice out of Staples' }))
    await waitFor(() => expect(shown()).toEqual(['Staples', '  Dal', 'Rice', 'Snacks']))
    await screen.findByText('Rice moved: now 2nd at the top level')

    fireEvent.click(screen.getByRole('button', { name: 'Move Snacks into Rice' }))
    await waitFor(() => expect(shown()).toEqual(['Staples', '  Dal', 'Rice', '  Snacks']))

    expect(moves()).toEqual([
      { id: 2, parent_id: 1, position: 1 },
      { id: 2, parent_id: null, position: 1 },
      { id: 5, parent_id: 2, position: 0 },
    ])
  })

  it('undoes a move from its toast', async () => {
    const { moves } = open()
    await screen.findByText('Staples')
    fireEvent.click(screen.getByRole('button', { name: 'Move Snacks up' }))
    await waitFor(() => expect(shown()).toEqual(['Snacks', 'Staples', '  Rice', '  Dal']))
    const message = await screen.findByText('Snacks moved: now 1st at the top level')
    fireEvent.click(within(message.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(shown()).toEqual(['Staples', '  Rice', '  Dal', 'Snacks']))
    await screen.findByText('Move undone: Snacks is 2nd at the top level again')
    expect(moves()).toEqual([
      { id: 5, parent_id: null, position: 0 },
      { id: 5, parent_id: null, position: 1 },
    ])
  })

  it('puts the tree back and says why when the server refuses a move', async () => {
    open({ refuse: new ApiError(422, { message: 'A category cannot go under itself or one of its subcategories' }) })
    await screen.findByText('Staples')
    fireEvent.click(screen.getByRole('button', { name: 'Move Dal up' }))
    await screen.findByText(/Dal was not moved: A category cannot go under itself/)
    expect(shown()).toEqual(['Staples', '  Rice', '  Dal', 'Snacks'])
  })

  it('asks before deleting and shows the server’s refusal', async () => {
    open()
    await screen.findByText('Staples')
    fireEvent.click(screen.getByRole('button', { name: 'Delete Staples' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete Staples?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await screen.findByText('Staples was not deleted: “Staples” has subcategories: move or delete them first')
    expect(shown()).toContain('Staples')
  })
})
