/** Business constants of spec §9 (and the UI timings of §2 and §4), in one place. */

export { PINCODE_MIN_LENGTH } from './pincode'
export { MOBILE_LENGTH } from './mobile'

export const PAGE_SIZE = 24

export const CAROUSEL_DELAY_MS = 2500
/** Minimum viewport width (px) → slides per view. */
export const CAROUSEL_BREAKPOINTS = { 640: 1, 768: 2, 1024: 5 } as const

export const POPUP_DELAY_MS = 5000
export const POPUP_DEFAULT_DURATION_S = 5

export const TOAST_MS = 5000

export const POPPER_OFFSET = 10
export const POPPER_Z = 9999
export const POPPER_REMOVE_MS = 200

export const MODAL_WIDTH = 450
export const MODAL_CLOSE_MS = 300
export const MODAL_OPEN_MS = 5

export const CART_DRAWER_WIDTH = 500
export const CATEGORY_DRAWER_WIDTH = 300
export const WISHLIST_DIALOG_WIDTH = 400
export const CREATE_WISHLIST_DIALOG_WIDTH = 500

export const SEARCH_FOCUS_DELAY_MS = 300
export const COMBOBOX_FOCUS_DELAY_MS = 100

export const ROWS_PER_PAGE = [5, 10, 20, 50, 100] as const
export const PAGINATION_WINDOW = 5

export const CURRENCY = 'INR'
export const LOCALE = 'en-IN'
export const COOKIE_PATH = '/'
export const FONT_WEIGHTS = [400, 500, 600, 700, 800] as const

export const TRACES_SAMPLE_RATE = 1
export const REPLAYS_SESSION_SAMPLE_RATE = 0.1
export const REPLAYS_ON_ERROR_SAMPLE_RATE = 1
export const ANALYTICS_FLUSH_MS = 3000
export const ANALYTICS_SESSION_IDLE_S = 1800
