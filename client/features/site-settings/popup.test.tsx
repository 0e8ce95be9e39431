// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import type { Popup } from '../../../common/contracts/site-settings'
import { popupDurationMs, popupHref, popupSeenKey, PromoPopup, shouldShowPopup } from './popup'

const base: Popup = { image: 'demo/popups/main.webp', duration: 5, link: '/products?s=discount', once: false }
const none = new Set<string>()

describe('shouldShowPopup', () => {
  it.each([
    ['home', base, '/', none, true],
    ['product list', base, '/products', none, true],
    ['a content page', base, '/about-us', none, false],
    ['a product page', base, '/products/amul-butter', none, false],
    ['a trailing slash', base, '/products/', none, false],
    ['checkout', base, '/checkout', none, false],
    ['no popup', null, '/', none, false],
    ['no image', { ...base, image: null }, '/', none, false],
    ['a blank image', { ...base, image: '  ' }, '/', none, false],
    ['once, not seen yet', { ...base, once: true }, '/', none, true],
    ['once, seen', { ...base, once: true }, '/', new Set([base.image!]), false],
    ['once, another image seen', { ...base, once: true }, '/', new Set(['demo/popups/old.webp']), true],
    ['not once, seen before', base, '/', new Set([base.image!]), true],
  ] as const)('%s → %s', (_name, popup, pathname, seen, expected) => {
    expect(shouldShowPopup(popup, pathname, seen)).toBe(expected)
  })
})

describe('popupDurationMs and popupHref', () => {
  it('uses the duration in seconds, 5 by default', () => {
    expect(popupDurationMs({ duration: 8 })).toBe(8000)
    expect(popupDurationMs(null)).toBe(5000)
    expect(popupDurationMs({ duration: 0 })).toBe(5000)
  })

  it.each([
    ['/products', '/products'],
    ['https://example.com/sale', 'https://example.com/sale'],
    ['www.example.com', 'https://www.example.com'],
    ['//evil.test', undefined],
    ['/\\evil.test', undefined],
    ['javascript:alert(1)', undefined],
    [null, undefined],
  ])('%s → %s', (link, href) => {
    expect(popupHref(link)).toBe(href)
  })
})

describe('PromoPopup', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    localStorage.clear()
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })
  const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms))
  const dialog = () => screen.queryByRole('dialog', { name: 'Special offer' })

  it('renders nothing on the server', () => {
    expect(renderToString(<PromoPopup popup={base} pathname="/" />)).toBe('')
  })

  it('appears 5 s after load and hides after its duration', () => {
    render(<PromoPopup popup={base} pathname="/" />)
    tick(4900)
    expect(dialog()).toBeNull()
    tick(100)
    expect(dialog()).not.toBeNull()
    tick(4999)
    expect(dialog()).not.toBeNull()
    tick(1)
    expect(dialog()).toBeNull()
  })

  it('stays up for a custom duration', () => {
    render(<PromoPopup popup={{ ...base, duration: 10 }} pathname="/products" />)
    tick(5000)
    tick(9999)
    expect(dialog()).not.toBeNull()
    tick(1)
    expect(dialog()).toBeNull()
  })

  it('does not appear on other pages, or without an image', () => {
    const { unmount } = render(<PromoPopup popup={base} pathname="/about-us" />)
    tick(20_000)
    expect(dialog()).toBeNull()
    unmount()
    render(<PromoPopup popup={{ ...base, image: null }} pathname="/" />)
    tick(20_000)
    expect(dialog()).toBeNull()
  })

  it('decides on the page the shopper is on when the 5 s are up, and hides on leaving', () => {
    const { rerender } = render(<PromoPopup popup={base} pathname="/about-us" />)
    tick(3000)
    rerender(<PromoPopup popup={base} pathname="/" />)
    tick(2000)
    expect(dialog()).not.toBeNull()
    rerender(<PromoPopup popup={base} pathname="/checkout" />)
    expect(dialog()).toBeNull()
  })

  it('closes on the X button, and on Escape', () => {
    const { unmount } = render(<PromoPopup popup={base} pathname="/" />)
    tick(5000)
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(dialog()).toBeNull()
    tick(20_000)
    expect(dialog()).toBeNull()
    unmount()
    render(<PromoPopup popup={base} pathname="/" />)
    tick(5000)
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close' }), { key: 'Escape' })
    expect(dialog()).toBeNull()
  })

  it('is a non-modal dialog whose image links to the configured link in a new tab', () => {
    render(<PromoPopup popup={{ ...base, link: 'https://example.com/offer' }} pathname="/" />)
    tick(5000)
    const d = dialog()!
    expect(d.getAttribute('aria-modal')).toBeNull()
    expect(d.contains(document.activeElement)).toBe(false)
    const link = screen.getByRole('link', { name: /Special offer/ })
    expect(link.getAttribute('href')).toBe('https://example.com/offer')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('shows an image without a link when the link is unsafe', () => {
    render(<PromoPopup popup={{ ...base, link: '//evil.test' }} pathname="/" />)
    tick(5000)
    expect(dialog()).not.toBeNull()
    expect(screen.queryByRole('link')).toBeNull()
  })

  it("shows a 'once' image only once per browser", () => {
    const popup = { ...base, once: true }
    const first = render(<PromoPopup popup={popup} pathname="/" />)
    tick(5000)
    expect(dialog()).not.toBeNull()
    expect(localStorage.getItem(popupSeenKey(base.image!))).not.toBeNull()
    first.unmount()

    render(<PromoPopup popup={popup} pathname="/" />)
    tick(20_000)
    expect(dialog()).toBeNull()
    cleanup()

    render(<PromoPopup popup={{ ...popup, image: 'demo/popups/new.webp' }} pathname="/" />)
    tick(5000)
    expect(dialog()).not.toBeNull()
  })

  it('shows a popup without once on every load', () => {
    for (let load = 0; load < 2; load++) {
      const { unmount } = render(<PromoPopup popup={base} pathname="/" />)
      tick(5000)
      expect(dialog()).not.toBeNull()
      unmount()
    }
  })
})
