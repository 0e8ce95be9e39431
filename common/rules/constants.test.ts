import { describe, it, expect } from 'vitest'
import * as c from './constants'

describe('business constants (spec §9)', () => {
  it.each([
    ['PAGE_SIZE', 24],
    ['PINCODE_MIN_LENGTH', 6],
    ['MOBILE_LENGTH', 10],
    ['CAROUSEL_DELAY_MS', 2500],
    ['POPUP_DELAY_MS', 5000],
    ['POPUP_DEFAULT_DURATION_S', 5],
    ['TOAST_MS', 5000],
    ['POPPER_OFFSET', 10],
    ['POPPER_Z', 9999],
    ['POPPER_REMOVE_MS', 200],
    ['MODAL_WIDTH', 450],
    ['MODAL_CLOSE_MS', 300],
    ['MODAL_OPEN_MS', 5],
    ['CART_DRAWER_WIDTH', 500],
    ['CATEGORY_DRAWER_WIDTH', 300],
    ['WISHLIST_DIALOG_WIDTH', 400],
    ['CREATE_WISHLIST_DIALOG_WIDTH', 500],
    ['SEARCH_FOCUS_DELAY_MS', 300],
    ['COMBOBOX_FOCUS_DELAY_MS', 100],
    ['PAGINATION_WINDOW', 5],
    ['ANALYTICS_FLUSH_MS', 3000],
    ['ANALYTICS_SESSION_IDLE_S', 1800],
  ] as const)('%s = %d', (name, value) => {
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: a table test over the module's names
    expect(c[name]).toBe(value)
  })

  it('has the list constants', () => {
    expect(c.CAROUSEL_BREAKPOINTS).toEqual({ 640: 1, 768: 2, 1024: 5 })
    expect(c.ROWS_PER_PAGE).toEqual([5, 10, 20, 50, 100])
    expect(c.FONT_WEIGHTS).toEqual([400, 500, 600, 700, 800])
    expect([c.CURRENCY, c.LOCALE, c.COOKIE_PATH]).toEqual(['INR', 'en-IN', '/'])
  })
})
