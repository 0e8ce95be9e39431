// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { SiteEditorAnswer } from '../../../common/contracts/admin-site'
import { fakeApi, renderAt } from '../../lib/test-kit'
import { ConfirmHost } from '../../ui/confirm-dialog'
import { ThemeView } from './theme-view'

afterEach(cleanup)

const GOOD = { text: '#1f2937', background: '#ffffff', surface: '#ffffff', muted: '#4b5563', primary: '#0f766e', 'on-primary': '#ffffff' }

const answer = (colours: Record<string, string>): SiteEditorAnswer =>
  ({
    versions: { site: 1, theme: 4, navigation: 1, menus: 1, popup_seo: 1 },
    theme: { active: 'default', themes: { default: colours } },
  }) as unknown as SiteEditorAnswer

function open(colours: Record<string, string>) {
  const fake = fakeApi((contract, input) => (contract.method === 'GET' ? answer(colours) : answer((input.body as SiteEditorAnswer['theme']).themes.default)))
  renderAt(
    <>
      <ThemeView />
      <ConfirmHost />
    </>,
    { url: '/page-builder/theme', api: fake.api },
  )
  return () => fake.calls.filter((c) => c.method !== 'GET')
}

describe('the theme screen', () => {
  it('a theme below AA contrast is published only after an explicit confirm naming the pairs that fail', async () => {
    const saves = open(GOOD)
    const muted = await screen.findByLabelText('muted')
    fireEvent.change(muted, { target: { value: '#cccccc' } })
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0])
    let dialog = await screen.findByRole('dialog', { name: 'Publish “default” below AA contrast?' })
    expect(dialog.textContent).toMatch(/Muted text on cards \(1\.\d\d:1\)/)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(saves()).toHaveLength(0)
    expect((screen.getByLabelText('muted') as HTMLInputElement).value).toBe('#cccccc')

    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[1])
    dialog = await screen.findByRole('dialog', { name: 'Publish “default” below AA contrast?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish anyway' }))
    await waitFor(() => expect(saves()).toHaveLength(1))
    expect(saves()[0].input.body).toMatchObject({ version: 4, active: 'default', themes: { default: { muted: '#cccccc' } } })
  })

  it('a theme that meets AA saves without asking', async () => {
    const saves = open(GOOD)
    fireEvent.change(await screen.findByLabelText('primary'), { target: { value: '#115e59' } })
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0])
    await waitFor(() => expect(saves()).toHaveLength(1))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
