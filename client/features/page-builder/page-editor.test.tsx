// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { PageDraft } from '../../../common/contracts/admin-pages'
import { fakeApi, renderAt } from '../../lib/test-kit'
import { ConfirmHost } from '../../ui/confirm-dialog'
import { Toaster } from '../../ui/toast'
import { PageEditor } from './page-editor'

afterEach(cleanup)

const block = (name: string, title: string) => ({ name, type: 'product_carousel', data: { title }, settings: {}, logicdata: { s: 'popularity', limit: 8 } })

const loaded: PageDraft = {
  url: '/diwali-offers',
  version: 2,
  updated_at: '2026-11-01T00:00:00Z',
  published_version: 1,
  components: [block('Sweets', 'Sweets'), block('Dry fruits', 'Dry fruits'), block('Gifts', 'Gifts')],
  css: '',
  show_footer: true,
  show_navbar: true,
  show_sub_navbar: true,
  seo_title: null,
  seo_description: null,
  seo_keyword: null,
  schema_script: null,
}

describe('the page editor', () => {
  it('removing a block offers Undo, which puts it back where it was (nothing is saved until Save or Publish)', async () => {
    const { api, calls } = fakeApi((contract) => (contract.path === '/api/admin/pages' ? { data: [] } : {}))
    const client = new QueryClient()
    client.setQueryData(['init'], { categories: [], brands: [] })
    renderAt(
      <>
        <PageEditor url="/diwali-offers" loaded={loaded} />
        <Toaster />
        <ConfirmHost />
      </>,
      { api, client, url: '/page-builder/pages/edit?url=/diwali-offers' },
    )
    const names = () => screen.getAllByRole('button', { name: /^Remove / }).map((b) => b.getAttribute('aria-label'))
    expect(names()).toEqual(['Remove Sweets', 'Remove Dry fruits', 'Remove Gifts'])
    fireEvent.click(screen.getByRole('button', { name: 'Remove Dry fruits' }))
    expect(names()).toEqual(['Remove Sweets', 'Remove Gifts'])
    expect(screen.getByText(/^Unsaved changes/)).toBeTruthy()
    const toast = await screen.findByText('Dry fruits removed')
    fireEvent.click(within(toast.closest('li') ?? document.body).getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(names()).toEqual(['Remove Sweets', 'Remove Dry fruits', 'Remove Gifts']))
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([])
  })
})
