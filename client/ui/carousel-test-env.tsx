import { vi, type Mock } from 'vitest'

export interface CarouselEnvironment {
  /** Undoes every stub. */
  (): void
  /** The stubbed Element#scrollTo: jumps at once (smooth or not), clamped to the track, and fires `scroll`. */
  scrollTo: Mock<(this: HTMLElement, options?: ScrollToOptions | number, y?: number) => void>
}

/**
 * Test helper: happy-dom has no layout, so the carousel would find no pages. Gives each track
 * (`[data-carousel-track]`) a `viewportWidth` px wide view and each slide `slideWidth` px laid out edge to edge,
 * makes scrollTo move scrollLeft and fire `scroll`, and stubs the observers and matchMedia
 * (`reducedMotion` answers prefers-reduced-motion). Call the result to restore; `.scrollTo` is the spy.
 */
export function stubCarouselEnvironment({ viewportWidth = 1000, slideWidth = 1000, reducedMotion = false } = {}): CarouselEnvironment {
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

  const proto = HTMLElement.prototype
  const saved = new Map<PropertyKey, PropertyDescriptor | undefined>()
  const override = (key: PropertyKey, descriptor: PropertyDescriptor) => {
    saved.set(key, Object.getOwnPropertyDescriptor(proto, key))
    Object.defineProperty(proto, key, { configurable: true, ...descriptor })
  }
  // The prototype chain's own answer, for elements that are not part of a carousel.
  const inherited = (el: HTMLElement, key: PropertyKey) => {
    const own = saved.get(key)
    if (own?.get) return own.get.call(el)
    const desc = Object.getOwnPropertyDescriptor(Element.prototype, key)
    return desc?.get ? desc.get.call(el) : 0
  }
  const isSlide = (el: Element) => el.hasAttribute('data-carousel-slide')
  const isTrack = (el: Element) => el.hasAttribute('data-carousel-track')
  const slideIndex = (el: HTMLElement) => (el.parentElement ? Array.prototype.indexOf.call(el.parentElement.children, el) : 0)
  const maxScroll = (track: HTMLElement) => Math.max(0, track.children.length * slideWidth - viewportWidth)

  override('offsetWidth', {
    get(this: HTMLElement) {
      return isSlide(this) ? slideWidth : viewportWidth
    },
  })
  override('offsetLeft', {
    get(this: HTMLElement) {
      return isSlide(this) ? slideIndex(this) * slideWidth : 0
    },
  })
  override('clientWidth', {
    get(this: HTMLElement) {
      return isTrack(this) ? viewportWidth : inherited(this, 'clientWidth')
    },
  })
  override('scrollWidth', {
    get(this: HTMLElement) {
      return isTrack(this) ? Math.max(viewportWidth, this.children.length * slideWidth) : inherited(this, 'scrollWidth')
    },
  })
  const scrollTo = vi.fn(function (this: HTMLElement, options?: ScrollToOptions | number, y?: number) {
    const left = typeof options === 'number' ? options : options?.left
    if (left !== undefined) this.scrollLeft = isTrack(this) ? Math.min(Math.max(0, left), maxScroll(this)) : left
    if (typeof options === 'number' && y !== undefined) this.scrollTop = y
    this.dispatchEvent(new Event('scroll'))
  })
  override('scrollTo', { value: scrollTo, writable: true })

  return Object.assign(
    () => {
      vi.unstubAllGlobals()
      for (const [key, descriptor] of saved) {
        if (descriptor) Object.defineProperty(proto, key, descriptor)
        else delete (proto as unknown as Record<PropertyKey, unknown>)[key]
      }
    },
    { scrollTo },
  )
}
