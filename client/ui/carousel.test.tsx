// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { Carousel, resolveSlidesPerView } from './carousel'
import { stubCarouselEnvironment, type CarouselEnvironment } from './carousel-test-env'

let env: CarouselEnvironment
const useEnv = (options: Parameters<typeof stubCarouselEnvironment>[0]) => {
  env()
  env = stubCarouselEnvironment(options)
}
beforeEach(() => {
  vi.useFakeTimers()
  env = stubCarouselEnvironment()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  env()
})

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms))
const slides = (n: number) => Array.from({ length: n }, (_, i) => <div key={i}>Slide {i + 1}</div>)
const dots = () => screen.queryAllByRole('button', { name: /^Go to slide/ })
const current = () => dots().findIndex((d) => d.getAttribute('aria-current') === 'true')
const track = () => document.querySelector<HTMLElement>('[data-carousel-track]')!
const lastScroll = () => env.scrollTo.mock.calls.at(-1)?.[0]

describe('Carousel', () => {
  it('is a labelled carousel region with one group per slide', () => {
    render(<Carousel label="Best sellers">{slides(3)}</Carousel>)
    const region = screen.getByRole('region', { name: 'Best sellers' })
    expect(region.getAttribute('aria-roledescription')).toBe('carousel')
    const groups = within(region)
      .getAllByRole('group')
      .filter((g) => g.getAttribute('aria-roledescription') === 'slide')
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3'])
  })

  it('is a native scroll-snap track with slide widths in CSS', () => {
    render(
      <Carousel label="Offers" slidesPerView={{ lg: 4 }}>
        {slides(3)}
      </Carousel>,
    )
    const el = track()
    expect(el.className).toContain('snap-x')
    expect(el.className).toContain('snap-mandatory')
    expect(el.className).toContain('overflow-x-auto')
    expect(el.style.getPropertyValue('--spv-base')).toBe('1')
    expect(el.style.getPropertyValue('--spv-md')).toBe('2')
    expect(el.style.getPropertyValue('--spv-lg')).toBe('4')
    for (const slide of el.children) expect(slide.className).toContain('snap-start')
  })

  it('has one dot per page; a dot scrolls to its page and becomes current', () => {
    render(<Carousel label="Offers">{slides(3)}</Carousel>)
    expect(dots().map((d) => d.getAttribute('aria-label'))).toEqual(['Go to slide 1', 'Go to slide 2', 'Go to slide 3'])
    expect(current()).toBe(0)
    fireEvent.click(dots()[2])
    expect(lastScroll()).toEqual({ left: 2000, behavior: 'smooth' })
    expect(track().scrollLeft).toBe(2000)
    expect(current()).toBe(2)
    expect(dots()[0].getAttribute('aria-current')).toBeNull()
  })

  it('pages by what fits in the view and trims the last page to the end', () => {
    useEnv({ viewportWidth: 1000, slideWidth: 200 })
    render(<Carousel label="Offers">{slides(7)}</Carousel>)
    expect(dots()).toHaveLength(2)
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }))
    expect(lastScroll()).toEqual({ left: 400, behavior: 'smooth' })
    expect(current()).toBe(1)
    cleanup()
    render(<Carousel label="Few">{slides(5)}</Carousel>)
    expect(dots()).toHaveLength(0)
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).toBeNull()
  })

  it('moves the arrows one page and stops at the ends', () => {
    render(
      <Carousel label="Offers" autoplay={false}>
        {slides(3)}
      </Carousel>,
    )
    const prev = screen.getByRole('button', { name: 'Previous slide' }) as HTMLButtonElement
    const next = screen.getByRole('button', { name: 'Next slide' }) as HTMLButtonElement
    expect(prev.disabled).toBe(true)
    fireEvent.click(next)
    expect(lastScroll()).toEqual({ left: 1000, behavior: 'smooth' })
    expect(current()).toBe(1)
    expect(prev.disabled).toBe(false)
    fireEvent.click(next)
    expect(current()).toBe(2)
    expect(next.disabled).toBe(true)
    fireEvent.click(prev)
    expect(lastScroll()).toEqual({ left: 1000, behavior: 'smooth' })
    expect(current()).toBe(1)
  })

  it('wraps the arrows round with loop', () => {
    render(
      <Carousel label="Hero" loop autoplay={false}>
        {slides(3)}
      </Carousel>,
    )
    const prev = screen.getByRole('button', { name: 'Previous slide' }) as HTMLButtonElement
    const next = screen.getByRole('button', { name: 'Next slide' }) as HTMLButtonElement
    expect(prev.disabled).toBe(false)
    fireEvent.click(prev)
    expect(lastScroll()).toEqual({ left: 2000, behavior: 'smooth' })
    expect(current()).toBe(2)
    expect(next.disabled).toBe(false)
    fireEvent.click(next)
    expect(lastScroll()).toEqual({ left: 0, behavior: 'smooth' })
    expect(current()).toBe(0)
  })

  it('follows the shopper’s own scrolling (swipe, trackpad) once per frame', async () => {
    render(
      <Carousel label="Offers" autoplay={false}>
        {slides(3)}
      </Carousel>,
    )
    const el = track()
    el.scrollLeft = 1900
    fireEvent.scroll(el)
    el.scrollLeft = 2000
    fireEvent.scroll(el)
    expect(current()).toBe(0)
    await tick(20)
    expect(current()).toBe(2)
    el.scrollLeft = 600
    fireEvent.scroll(el)
    await tick(20)
    expect(current()).toBe(1)
  })

  it('keeps the dot on the target while a smooth scroll travels there', async () => {
    render(
      <Carousel label="Offers" autoplay={false}>
        {slides(3)}
      </Carousel>,
    )
    const el = track()
    env.scrollTo.mockImplementationOnce(function (this: HTMLElement) {
      this.scrollLeft = 300 // the first frame of the animation
      this.dispatchEvent(new Event('scroll'))
    })
    fireEvent.click(dots()[2])
    await tick(20)
    expect(current()).toBe(2)
    el.scrollLeft = 2000
    fireEvent.scroll(el)
    await tick(20)
    expect(current()).toBe(2)
    el.scrollLeft = 1000 // the shopper scrolls back afterwards
    fireEvent.scroll(el)
    await tick(20)
    expect(current()).toBe(1)
  })

  it('advances every 2500 ms and wraps round to the first slide', async () => {
    render(<Carousel label="Offers">{slides(3)}</Carousel>)
    expect(current()).toBe(0)
    await tick(2499)
    expect(env.scrollTo).not.toHaveBeenCalled()
    await tick(1)
    expect(track().scrollLeft).toBe(1000)
    expect(current()).toBe(1)
    await tick(2500)
    expect(track().scrollLeft).toBe(2000)
    expect(current()).toBe(2)
    await tick(2500)
    expect(lastScroll()).toEqual({ left: 0, behavior: 'smooth' })
    expect(current()).toBe(0)
  })

  it('gives a slide reached by hand the full interval', async () => {
    render(<Carousel label="Offers">{slides(3)}</Carousel>)
    await tick(2000)
    fireEvent.click(dots()[1])
    await tick(2000)
    expect(current()).toBe(1)
    await tick(500)
    expect(current()).toBe(2)
  })

  it('pauses while hovered by a mouse and resumes after', async () => {
    render(<Carousel label="Offers">{slides(3)}</Carousel>)
    const region = screen.getByRole('region')
    fireEvent.pointerEnter(region, { pointerType: 'mouse' })
    await tick(10_000)
    expect(current()).toBe(0)
    fireEvent.pointerLeave(region, { pointerType: 'mouse' })
    await tick(2500)
    expect(current()).toBe(1)
  })

  it('pauses while pressed, also through a native touch swipe, and resumes after', async () => {
    render(<Carousel label="Offers">{slides(3)}</Carousel>)
    fireEvent.pointerDown(track(), { pointerType: 'mouse', button: 0 })
    await tick(10_000)
    expect(current()).toBe(0)
    fireEvent.pointerUp(window, { pointerType: 'mouse' })
    await tick(2500)
    expect(current()).toBe(1)

    fireEvent.pointerDown(track(), { pointerType: 'touch', button: 0 })
    fireEvent.pointerCancel(window, { pointerType: 'touch' }) // the browser takes over for panning
    await tick(10_000)
    expect(current()).toBe(1)
    fireEvent.touchEnd(window)
    await tick(2500)
    expect(current()).toBe(2)
  })

  it('pauses while keyboard focus is inside', async () => {
    render(
      <Carousel label="Offers">
        {[
          <a key="1" href="/a">
            One
          </a>,
          <a key="2" href="/b">
            Two
          </a>,
        ]}
      </Carousel>,
    )
    const link = screen.getByRole('link', { name: 'One' })
    const matches = vi.spyOn(link, 'matches').mockReturnValue(true) // :focus-visible
    act(() => link.focus())
    await tick(10_000)
    expect(current()).toBe(0)
    act(() => link.blur())
    await tick(2500)
    expect(current()).toBe(1)
    matches.mockRestore()
  })

  it('pauses while the tab is hidden', async () => {
    render(<Carousel label="Offers">{slides(3)}</Carousel>)
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    await tick(10_000)
    expect(current()).toBe(0)
    visibility.mockReturnValue('visible')
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    await tick(2500)
    expect(current()).toBe(1)
    visibility.mockRestore()
  })

  it('can be paused and resumed with the pause button', async () => {
    render(<Carousel label="Offers">{slides(3)}</Carousel>)
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }))
    await tick(10_000)
    expect(current()).toBe(0)
    const play = screen.getByRole('button', { name: 'Play slideshow' })
    expect(play.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(play)
    await tick(2500)
    expect(current()).toBe(1)
  })

  it('takes a custom interval, and does not auto-advance when autoplay is off', async () => {
    const { unmount } = render(
      <Carousel label="A" autoplay={4000}>
        {slides(3)}
      </Carousel>,
    )
    await tick(2500)
    expect(current()).toBe(0)
    await tick(1500)
    expect(current()).toBe(1)
    unmount()
    render(
      <Carousel label="B" autoplay={false}>
        {slides(3)}
      </Carousel>,
    )
    await tick(10_000)
    expect(current()).toBe(0)
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).toBeNull()
  })

  it('shows N skeleton slides while data is missing', () => {
    render(
      <Carousel label="Loading" placeholder={4} placeholderSlide={<div data-testid="skeleton" />}>
        {[]}
      </Carousel>,
    )
    expect(screen.getAllByTestId('skeleton')).toHaveLength(4)
    expect(screen.getAllByRole('group').filter((g) => g.getAttribute('aria-roledescription') === 'slide')).toHaveLength(4)
    expect(screen.getByRole('region').getAttribute('aria-busy')).toBe('true')
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull()
    expect(dots()).toHaveLength(0)
  })

  it('renders nothing with no slides and no placeholder', () => {
    const { container } = render(<Carousel label="Empty" />)
    expect(container.innerHTML).toBe('')
  })
})

describe('Carousel on the server', () => {
  it('renders without window, with arrows hidden by CSS where every slide fits', () => {
    vi.stubGlobal('window', undefined)
    vi.stubGlobal('document', undefined)
    const html = renderToString(<Carousel label="Offers">{slides(2)}</Carousel>)
    vi.unstubAllGlobals()
    expect(html).toContain('aria-roledescription="carousel"')
    expect(html).toContain('aria-label="2 of 2"')
    expect(html).toContain('aria-label="Next slide"')
    expect(html).toContain('snap-mandatory')
    expect(html).not.toContain('Go to slide')
    const next = /<button[^>]*aria-label="Next slide"[^>]*>/.exec(html)![0]
    expect(next).toContain('lg:hidden')
    expect(next).toContain('md:max-lg:hidden')
    expect(next).not.toContain('max-sm:hidden')
  })

  it('hydrates the server markup without mismatches, then adds the dots', async () => {
    const element = <Carousel label="Offers">{slides(3)}</Carousel>
    const html = renderToString(element)
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const trackBefore = container.querySelector('[data-carousel-track]')
    const errors: unknown[] = []
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args))
    const root = await act(async () => hydrateRoot(container, element, { onRecoverableError: (e) => errors.push(e) }))
    expect(errors).toEqual([])
    expect(container.querySelector('[data-carousel-track]')).toBe(trackBefore)
    expect(within(container).getAllByRole('button', { name: /^Go to slide/ })).toHaveLength(3)
    act(() => root.unmount())
    container.remove()
    consoleError.mockRestore()
  })
})

describe('Carousel with reduced motion', () => {
  beforeEach(() => useEnv({ reducedMotion: true }))

  it('does not auto-advance and offers no pause button', async () => {
    render(<Carousel label="Offers">{slides(3)}</Carousel>)
    await tick(10_000)
    expect(current()).toBe(0)
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).toBeNull()
  })

  it('jumps instead of animating', () => {
    render(<Carousel label="Offers">{slides(3)}</Carousel>)
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }))
    expect(lastScroll()).toEqual({ left: 1000, behavior: 'instant' })
    expect(current()).toBe(1)
  })
})

describe('resolveSlidesPerView', () => {
  it('follows the spec breakpoints by default and takes overrides', () => {
    expect(resolveSlidesPerView(undefined)).toEqual({ base: 1, sm: 1, md: 2, lg: 5 })
    expect(resolveSlidesPerView(1)).toEqual({ base: 1, sm: 1, md: 1, lg: 1 })
    expect(resolveSlidesPerView({ lg: 3 })).toEqual({ base: 1, sm: 1, md: 2, lg: 3 })
    expect(resolveSlidesPerView({ md: 0, lg: 99 })).toEqual({ base: 1, sm: 1, md: 1, lg: 8 })
  })
})
