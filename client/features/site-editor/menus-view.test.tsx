// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { SiteEditorAnswer } from '../../../common/contracts/admin-site'
import type { Contract } from '../../../common/contracts/http'
import type { CallInput } from '../../lib/api'
import { ApiError } from '../../lib/error-text'
import { fakeApi, renderAt } from '../../lib/test-kit'
import { ConfirmHost } from '../../ui/confirm-dialog'
import { MenusView } from './menus-view'

afterEach(cleanup)

const item = (name: string, link: string, children: SiteEditorAnswer['menus']['navs'] = []) => ({
  group: 0,
  name,
  icon: null,
  show_icon: 0,
  link,
  value: null,
  image: null,
  slug: null,
  children,
})

const answer = (): SiteEditorAnswer =>
  ({
    versions: { site: 1, theme: 1, navigation: 1, menus: 3, popup_seo: 1 },
    menus: { navs: [item('Offers', '/products?s=discount'), item('About Us', '/about-us')], footers: [] },
  }) as unknown as SiteEditorAnswer

function staffApi(write: (contract: Contract, input: CallInput<Contract>) => unknown) {
  return fakeApi((contract, input) => (contract.method === 'GET' ? answer() : write(contract, input)))
}
const render = (api: ReturnType<typeof staffApi>['api']) =>
  renderAt(
    <>
      <MenusView />
      <ConfirmHost />
    </>,
    { url: '/page-builder/menus', api },
  )

describe('the menus screen', () => {
  it('moves an item with the keyboard buttons, indents it under the one above, and saves the tree with the version read', async () => {
    const { api, calls } = staffApi(() => answer())
    render(api)
    const header = await screen.findByRole('region', { name: 'Header menu' })
    fireEvent.click(within(header).getByRole('button', { name: 'Move About Us up' }))
    const names = () =>
      within(header)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label'))
    expect(names()).toEqual(['About Us', 'Offers'])
    fireEvent.click(within(header).getByRole('button', { name: 'Move Offers into About Us' }))
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0])
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1))
    const body = calls.find((c) => c.method === 'PUT')?.input.body as { version: number; navs: { name: string; children: { name: string }[] }[] }
    expect(body.version).toBe(3)
    expect(body.navs.map((n) => [n.name, n.children.map((c) => c.name)])).toEqual([['About Us', ['Offers']]])
  })

  it('keeps what was typed when a link is refused and shows the message on the field', async () => {
    const message = 'Links must start with /, http://, https:// or www.'
    const { api } = staffApi(() => {
      throw new ApiError(422, { message, code: 'invalid', errors: { 'navs.2.link': message } })
    })
    render(api)
    const header = await screen.findByRole('region', { name: 'Header menu' })
    fireEvent.click(within(header).getByRole('button', { name: 'Add item' }))
    const link = within(within(header).getByRole('listitem', { name: 'New item' })).getByLabelText('Link') as HTMLInputElement
    fireEvent.change(link, { target: { value: 'javascript:alert(1)' } })
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0])
    await within(header).findByText(message)
    expect(link.value).toBe('javascript:alert(1)')
    expect(link.getAttribute('aria-invalid')).toBe('true')
  })
})
