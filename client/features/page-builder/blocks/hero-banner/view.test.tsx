// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from '../../../../lib/router'
import type { PageComponent } from '../../../../../common/contracts/pages'
import { stubCarouselEnvironment } from '../../../../ui/carousel-test-env'
import { heroBannerView, parseAspect } from './view'

const { read, View: HeroBanner } = heroBannerView

let restore: () => void
beforeEach(() => {
  restore = stubCarouselEnvironment()
})
afterEach(() => {
  cleanup()
  restore()
})

const hero = (slides: unknown[], settings: Record<string, unknown> = {}): PageComponent => ({
  name: 'Hero',
  type: 'hero_banner',
  order: 0,
  data: { slides },
  settings,
})
const seeded = [
  { image: 'demo/banners/main-hero-1.webp', image_sm: 'demo/banners/main-hero-1-sm.webp', link: '/products?c=atta-rice-dals', alt: 'Monthly staples' },
  { image: 'demo/banners/main-hero-2.webp', link: 'https://example.com/masala', alt: 'Masala offer' },
  { image: 'demo/banners/main-hero-3.webp', image_sm: null, link: 'javascript:alert(1)', alt: 'Free delivery' },
]
const renderHero = (block: PageComponent) =>
  render(
    <MemoryRouter>
      <HeroBanner {...read(block)} headingId="h" />
    </MemoryRouter>,
  )

describe('HeroBanner', () => {
  it('uses the small-screen image under 640px when there is one, else only the main image', () => {
    const { container } = renderHero(hero(seeded, { aspect: '16/5' }))
    const pictures = container.querySelectorAll('picture')
    expect(pictures).toHaveLength(3)
    const source = pictures[0].querySelector('source')!
    expect(source.getAttribute('media')).toBe('(max-width: 639px)')
    expect(source.getAttribute('srcset')).toContain('/cdn/medium/demo/banners/main-hero-1-sm.webp 800w')
    expect(pictures[1].querySelector('source')).toBeNull()
    expect(pictures[2].querySelector('source')).toBeNull()
    expect(pictures[1].querySelector('img')!.getAttribute('src')).toBe('/cdn/demo/banners/main-hero-2.webp')
  })

  it('loads the first slide eagerly with high priority and the rest lazily, with explicit sizes', () => {
    renderHero(hero(seeded, { aspect: '16/5' }))
    const [first, second, third] = screen.getAllByRole('img')
    expect(first.getAttribute('loading')).toBe('eager')
    expect(first.getAttribute('fetchpriority')).toBe('high')
    expect(second.getAttribute('loading')).toBe('lazy')
    expect(third.getAttribute('loading')).toBe('lazy')
    expect(second.getAttribute('fetchpriority')).toBeNull()
    expect(first.getAttribute('width')).toBe('1600')
    expect(first.getAttribute('height')).toBe('500')
  })

  it('links slides by the slide-link rules', () => {
    renderHero(hero(seeded))
    expect(screen.getByRole('link', { name: 'Monthly staples' }).getAttribute('href')).toBe('/products?c=atta-rice-dals')
    const external = screen.getByRole('link', { name: /Masala offer/ })
    expect(external.getAttribute('target')).toBe('_blank')
    expect(external.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.queryByRole('link', { name: 'Free delivery' })).toBeNull()
    expect(screen.getByRole('img', { name: 'Free delivery' })).toBeTruthy()
  })

  it('is a carousel region that takes slidesconfig, bgcolor and aspect, and ignores unsafe values', () => {
    const { container } = renderHero(hero(seeded, { aspect: '3/1', bgcolor: '#ffeecc', slidesconfig: { sm: 1, md: 2, columns: 3, autoplayInterval: 4000 } }))
    expect(screen.getByRole('region', { name: 'Featured offers' }).getAttribute('aria-roledescription')).toBe('carousel')
    const wrapper = container.firstElementChild as HTMLElement
    expect(wrapper.style.getPropertyValue('--hero-bg')).toBe('#ffeecc')
    expect(wrapper.style.getPropertyValue('--hero-aspect')).toBe('3')
    const track = container.querySelector('[data-carousel-slide]')!.parentElement as HTMLElement
    expect(track.style.getPropertyValue('--spv-lg')).toBe('3')
    expect(track.style.getPropertyValue('--spv-md')).toBe('2')

    cleanup()
    const { container: bad } = renderHero(hero(seeded, { aspect: '1/0', bgcolor: 'red;}</style><script>', slidesconfig: '{not json' }))
    const badWrapper = bad.firstElementChild as HTMLElement
    expect(badWrapper.style.getPropertyValue('--hero-bg')).toBe('')
    expect(badWrapper.style.getPropertyValue('--hero-aspect')).toBe(String(16 / 5))
  })

  it('renders nothing without valid slides', () => {
    const { container } = renderHero(hero([{ link: '/x' }]))
    expect(container.innerHTML).toBe('')
  })
})

describe('parseAspect', () => {
  it.each([
    ['16/5', 3.2],
    ['16 / 5', 3.2],
    ['21:9', 21 / 9],
    ['2.5', 2.5],
    [3, 3],
    ['', 3.2],
    ['wide', 3.2],
    ['1/0', 3.2],
    ['100/1', 3.2],
    [undefined, 3.2],
  ])('%s → %s', (value, ratio) => {
    expect(parseAspect(value)).toBeCloseTo(ratio)
  })
})
