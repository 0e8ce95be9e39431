// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter, useLocation } from '../../../../lib/router'
import { richTextView } from './view'

const { read, View: RichText } = richTextView

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function Where() {
  const { pathname, search } = useLocation()
  return <output data-testid="where">{pathname + search}</output>
}

const html = `<h1>About us</h1><p>See <a href="/products?c=atta">atta</a>, <a href="https://example.com/farm">our farm</a>,
  <a href="www.example.org">partners</a>, <a href="//evil.test/x">this</a>, <a href="mailto:hi@example.com">mail</a>
  and <a href="/terms" data-link>terms</a>.</p>`
const renderText = (content: string = html) =>
  render(
    <MemoryRouter initialEntries={['/about-us']}>
      <RichText {...read({ name: 'Content', type: 'rich_text', order: 0, settings: {}, data: { html: content } })} headingId="h" />
      <Where />
    </MemoryRouter>,
  )

describe('RichText', () => {
  it('renders the stored HTML inside a styled container', () => {
    renderText()
    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeTruthy()
  })

  it('navigates internal links without a full reload', () => {
    renderText()
    const link = screen.getByRole('link', { name: 'atta' })
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
    act(() => link.dispatchEvent(click))
    expect(click.defaultPrevented).toBe(true)
    expect(screen.getByTestId('where').textContent).toBe('/products?c=atta')
  })

  it('leaves modified clicks and data links to the browser', () => {
    renderText()
    const ctrl = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true })
    screen.getByRole('link', { name: 'atta' }).dispatchEvent(ctrl)
    expect(ctrl.defaultPrevented).toBe(false)
    const data = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
    screen.getByRole('link', { name: 'terms' }).dispatchEvent(data)
    expect(data.defaultPrevented).toBe(false)
    expect(screen.getByTestId('where').textContent).toBe('/about-us')
  })

  it('opens external and www. links in a new tab without an opener', () => {
    renderText()
    const farm = screen.getByRole('link', { name: 'our farm' })
    expect(farm.getAttribute('target')).toBe('_blank')
    expect(farm.getAttribute('rel')).toBe('noopener noreferrer')
    const partners = screen.getByRole('link', { name: 'partners' })
    expect(partners.getAttribute('href')).toBe('https://www.example.org')
    expect(partners.getAttribute('target')).toBe('_blank')
  })

  it('never follows //host links (SECURITY XS-06), and leaves mailto: alone', () => {
    const { container } = renderText()
    const evil = [...container.querySelectorAll('a')].find((a) => a.textContent === 'this')!
    expect(evil.hasAttribute('href')).toBe(false)
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
    act(() => evil.dispatchEvent(click))
    expect(screen.getByTestId('where').textContent).toBe('/about-us')
    expect(screen.getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:hi@example.com')
  })

  it('renders nothing for empty content', () => {
    const { container } = renderText('  ')
    expect(container.querySelector('h1')).toBeNull()
  })
})
