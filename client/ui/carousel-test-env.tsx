import { vi } from 'vitest'

/**
 * Test helper: happy-dom has no layout, and embla reads sizes and observers. Stubs the observers and
 * matchMedia, and gives each viewport `viewportWidth` px and each slide `slideWidth` px, so embla finds
 * real scroll snaps. Returns a restore function.
 */
export function stubCarouselEnvironment({ viewportWidth = 1000, slideWidth = 1000, reducedMotion = false } = {}) {
  class NoopObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return []
    }
  }
  vi.stubGlobal('IntersectionObserver', NoopObserver)
  vi.stubGlobal('ResizeObserver', NoopObserver)
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reducedMotion && query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }))

  // embla parses the last slide's margin; happy-dom answers '' (NaN) where a browser says '0px'.
  const realStyle = window.getComputedStyle.bind(window)
  vi.stubGlobal('getComputedStyle', (el: Element) => {
    const style = realStyle(el)
    return new Proxy(style, {
      get(target, key) {
        if (key === 'getPropertyValue') return (name: string) => target.getPropertyValue(name) || (name.startsWith('margin') ? '0px' : '')
        const value = Reflect.get(target, key)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  })

  const proto = HTMLElement.prototype
  const original = Object.getOwnPropertyDescriptor(proto, 'offsetWidth')
  const originalLeft = Object.getOwnPropertyDescriptor(proto, 'offsetLeft')
  const slideIndex = (el: HTMLElement) => (el.parentElement ? Array.prototype.indexOf.call(el.parentElement.children, el) : 0)
  Object.defineProperty(proto, 'offsetWidth', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.hasAttribute('data-carousel-slide')) return slideWidth
      return viewportWidth
    },
  })
  Object.defineProperty(proto, 'offsetLeft', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-carousel-slide') ? slideIndex(this) * slideWidth : 0
    },
  })
  return () => {
    vi.unstubAllGlobals()
    if (original) Object.defineProperty(proto, 'offsetWidth', original)
    if (originalLeft) Object.defineProperty(proto, 'offsetLeft', originalLeft)
  }
}
