// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { Carousel, resolveSlidesPerView } from './carousel'
import { stubCarouselEnvironment } from './carousel-test-env'

let restore: () => void
beforeEach(() => {
  vi.useFakeTimers()
  restore = stubCarouselEnvironment()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  restore()
})

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms))
const slides = (n: number) => Array.from({ length: n }, (_, i) => <div key={i}>Slide {i + 1}</div>)

describe('Carousel', () => {
  it('is a labelled carousel region with one group per slide', () => {
    render(<Carousel label="Best sellers">{slides(3)}</Carousel>)
    const region = screen.getByRole('region', { name: 'Best sellers' })
    expect(region.getAttribute('aria-roledescription')).toBe('carousel')
    const groups = within(region).getAllByRole('group').filter((g) => g.getAttribute('aria-roledescription') === 'slide')
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3'])
  })

  it('renders clickable dots and previous/next arrows', async () => {
    render(<Carousel label="Offers">{slides(3)}</Carousel>)
    await tick(0)
    const dots = screen.getAllByRole('button', { name: /^Go to slide/ })
    expect(dots.map((d) => d.getAttribute('aria-label'))).toEqual(['Go to slide 1', 'Go to slide 2', 'Go to slide 3'])
    expect(dots[0].getAttribute('aria-current')).toBe('true')
    const prev = screen.getByRole('button', { name: 'Previous slide' }) as HTMLButtonElement
    const next = screen.getByRole('button', { name: 'Next slide' }) as HTMLButtonElement
    expect(prev.disabled).toBe(true)
    fireEvent.click(next)
    expect(dots[1].getAttribute('aria-current')).toBe('true')
    expect(prev.disabled).toBe(false)
    fireEvent.click(dots[2])
    expect(dots[2].getAttribute('aria-current')).toBe('true')
    expect(dots[0].getAttribute('aria-current')).toBeNull()
    expect(next.disabled).toBe(true)
  })

  it('advances every 2500 ms and wraps round to the first slide', async () => {
    render(<Carousel label="Offers">{slides(3)}</Carousel>)
    await tick(0)
    const current = () => screen.getAllByRole('button', { name: /^Go to slide/ }).findIndex((d) => d.getAttribute('aria-current') === 'true')
    expect(current()).toBe(0)
    await tick(2499)
    expect(current()).toBe(0)
    await tick(1)
    expect(current()).toBe(1)
    await tick(2500)
    expect(current()).toBe(2)
    await tick(2500)
    expect(current()).toBe(0)
  })

  it('pauses while hovered by a mouse and resumes after', async () => {
    render(<Carousel label="Offers">{slides(3)}</Carousel>)
    await tick(0)
    const region = screen.getByRole('region')
    const current = () => screen.getAllByRole('button', { name: /^Go to slide/ }).findIndex((d) => d.getAttribute('aria-current') === 'true')
    fireEvent.pointerEnter(region, { pointerType: 'mouse' })
    await tick(10_000)
    expect(current()).toBe(0)
    fireEvent.pointerLeave(region, { pointerType: 'mouse' })
    await tick(2500)
    expect(current()).toBe(1)
  })

  it('can be paused with the pause button', async () => {
    render(<Carousel label="Offers">{slides(3)}</Carousel>)
    await tick(0)
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }))
    await tick(10_000)
    expect(screen.getByRole('button', { name: 'Go to slide 1' }).getAttribute('aria-current')).toBe('true')
    expect(screen.getByRole('button', { name: 'Play slideshow' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('takes a custom interval, and does not auto-advance when autoplay is off', async () => {
    const { unmount } = render(<Carousel label="A" autoplay={4000}>{slides(3)}</Carousel>)
    await tick(2500)
    expect(screen.getByRole('button', { name: 'Go to slide 1' }).getAttribute('aria-current')).toBe('true')
    await tick(1500)
    expect(screen.getByRole('button', { name: 'Go to slide 2' }).getAttribute('aria-current')).toBe('true')
    unmount()
    render(<Carousel label="B" autoplay={false}>{slides(3)}</Carousel>)
    await tick(10_000)
    expect(screen.getByRole('button', { name: 'Go to slide 1' }).getAttribute('aria-current')).toBe('true')
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).toBeNull()
  })

  it('shows N skeleton slides while data is missing', () => {
    render(<Carousel label="Loading" placeholder={4} placeholderSlide={<div data-testid="skeleton" />}>{[]}</Carousel>)
    expect(screen.getAllByTestId('skeleton')).toHaveLength(4)
    expect(screen.getByRole('region').getAttribute('aria-busy')).toBe('true')
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull()
  })

  it('renders nothing with no slides and no placeholder', () => {
    const { container } = render(<Carousel label="Empty" />)
    expect(container.innerHTML).toBe('')
  })

  it('renders to a string for SSR', () => {
    const html = renderToString(<Carousel label="Offers">{slides(2)}</Carousel>)
    expect(html).toContain('aria-roledescription="carousel"')
    expect(html).toContain('aria-label="2 of 2"')
    expect(html).toContain('aria-label="Next slide"')
  })
})

describe('Carousel with reduced motion', () => {
  it('does not auto-advance', async () => {
    restore()
    restore = stubCarouselEnvironment({ reducedMotion: true })
    render(<Carousel label="Offers">{slides(3)}</Carousel>)
    await tick(10_000)
    expect(screen.getByRole('button', { name: 'Go to slide 1' }).getAttribute('aria-current')).toBe('true')
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
