// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from '../../../lib/router'
import { classifyLink, SlideLink } from './slide-link'

afterEach(cleanup)

describe('classifyLink', () => {
  it.each([
    ['/products', { kind: 'internal', to: '/products' }],
    ['/products?c=atta-rice-dals', { kind: 'internal', to: '/products?c=atta-rice-dals' }],
    ['/about-us#team', { kind: 'internal', to: '/about-us#team' }],
    ['/', { kind: 'internal', to: '/' }],
    ['  /contact  ', { kind: 'internal', to: '/contact' }],
    ['https://example.com/sale', { kind: 'external', href: 'https://example.com/sale' }],
    ['http://example.com', { kind: 'external', href: 'http://example.com' }],
    ['HTTPS://Example.com', { kind: 'external', href: 'HTTPS://Example.com' }],
    ['www.example.com/offers', { kind: 'external', href: 'https://www.example.com/offers' }],
    ['WWW.example.com', { kind: 'external', href: 'https://WWW.example.com' }],
  ])('%s → %o', (href, expected) => {
    expect(classifyLink(href)).toEqual(expected)
  })

  it.each([
    ['//evil.test', 'protocol-relative (XS-06)'],
    ['/\\evil.test', 'backslash host (XS-06)'],
    ['/\t/evil.test', 'tab the URL parser drops'],
    ['/\n/evil.test', 'newline the URL parser drops'],
    [' //evil.test', 'leading space'],
    ['javascript:alert(1)', 'javascript:'],
    ['JavaScript:alert(1)', 'javascript: in mixed case'],
    ['data:text/html,<script>alert(1)</script>', 'data:'],
    ['vbscript:msgbox', 'vbscript:'],
    ['mailto:shop@example.com', 'other scheme'],
    ['products', 'relative path'],
    ['#top', 'hash only'],
    ['http://', 'no host'],
    ['https:/example.com', 'one slash'],
    ['https://exa mple.com', 'space in host'],
    ['', 'empty'],
    [null, 'null'],
    [undefined, 'undefined'],
  ])('%s is not a link (%s)', (href, _why) => {
    expect(classifyLink(href)).toEqual({ kind: 'none' })
  })
})

describe('SlideLink', () => {
  const renderLink = (href: string) =>
    render(
      <MemoryRouter>
        <SlideLink href={href} className="tile">
          Offer
        </SlideLink>
      </MemoryRouter>,
    )

  it('uses a same-tab router link for site paths', () => {
    renderLink('/products?c=masalas-spices')
    const link = screen.getByRole('link', { name: 'Offer' })
    expect(link.getAttribute('href')).toBe('/products?c=masalas-spices')
    expect(link.getAttribute('target')).toBeNull()
  })

  it('opens http(s) and www. links in a new tab without an opener', () => {
    renderLink('www.example.com')
    const link = screen.getByRole('link', { name: /Offer/ })
    expect(link.getAttribute('href')).toBe('https://www.example.com')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(link.textContent).toContain('(opens in a new tab)')
  })

  it('renders no link at all for //host, javascript: and other values', () => {
    for (const href of ['//evil.test', '/\\evil.test', 'javascript:alert(1)', 'products']) {
      const { container, unmount } = renderLink(href)
      expect(container.querySelector('a')).toBeNull()
      expect(container.textContent).toBe('Offer')
      unmount()
    }
  })
})
