import { createRequire } from 'node:module'
import type Sharp from 'sharp'
import { lazyModule } from '../../platform/lazy-module'
import type { Db } from '../client'
import { media } from '../schema/media'
import * as art from '../../features/media/generate-image'
import { brands, categories, products } from './data/catalogue'
import { seedSites } from './data/sites'
import { shop2Suppliers, suppliers } from './data/suppliers'

const sharp = lazyModule<typeof Sharp>(() => createRequire(import.meta.url)('sharp'))

type Job = { path: string; make: () => Promise<Buffer> }

const brandColour = new Map(brands.map((b) => [b.slug, b.color]))
const brandName = new Map(brands.map((b) => [b.slug, b.name]))
const palette = ['#0c7a2a', '#b4410f', '#1565c0', '#7b1fa2', '#c62828', '#00838f', '#ef6c00', '#558b2f', '#6d4c41', '#283593']

export const productImagePath = (slug: string) => `demo/products/${slug}.webp`
export const categoryImagePath = (slug: string) => `demo/categories/${slug}.webp`
export const brandImagePath = (slug: string) => `demo/brands/${slug}.webp`

/** Every demo image, drawn here at seed time (there is no network to fetch any from). */
function jobs(): Job[] {
  const list: Job[] = []
  for (const p of products) {
    list.push({
      path: productImagePath(p.slug),
      make: () =>
        art.productImage({
          name: p.name.replace(`${brandName.get(p.brandSlug)} `, ''),
          brand: brandName.get(p.brandSlug) ?? '',
          color: brandColour.get(p.brandSlug) ?? '#0c7a2a',
          shape: p.shape,
          packLabel: p.packs[0]?.name,
        }),
    })
  }
  categories.forEach((c, i) => {
    list.push({ path: categoryImagePath(c.slug), make: () => art.categoryImage(c.name, palette[i % palette.length]) })
    c.children.forEach((s, j) => list.push({ path: categoryImagePath(s.slug), make: () => art.categoryImage(s.name, palette[(i + j + 1) % palette.length]) }))
  })
  for (const b of brands) list.push({ path: brandImagePath(b.slug), make: () => art.brandLogo(b.name, b.color) })
  for (const site of seedSites) {
    heroSlides(site.key).forEach((slide, n) => {
      list.push({
        path: `demo/banners/${site.key}-hero-${n + 1}.webp`,
        make: () => art.bannerImage({ ...slide, color: slide.color ?? site.color, width: 1600, height: 500, goods: goodsOf(site.key) }),
      })
      list.push({
        path: `demo/banners/${site.key}-hero-${n + 1}-sm.webp`,
        make: () => art.bannerImage({ ...slide, color: slide.color ?? site.color, width: 800, height: 600, goods: goodsOf(site.key) }),
      })
    })
    list.push({ path: `demo/popups/${site.key}.webp`, make: () => art.popupImage({ ...popupText(site.key, site.color), goods: goodsOf(site.key) }) })
    list.push({ path: `demo/logos/${site.key}.webp`, make: () => art.siteLogo(site.name, site.color) })
  }
  const everySupplier = [...suppliers, ...shop2Suppliers].filter((s, i, all) => all.findIndex((t) => t.avatar === s.avatar) === i)
  everySupplier.forEach((s, i) => list.push({ path: s.avatar, make: () => art.avatarImage(s.name, palette[(i * 3) % palette.length]) }))
  return list
}

/** What the banners picture: the tea-and-snacks store shows tea, namkeen and cookies. */
const goodsOf = (site: 'main' | 'shop2'): art.BannerGoods => (site === 'main' ? 'staples' : 'tea')

export function heroSlides(site: 'main' | 'shop2'): { title: string; subtitle: string; link: string; color?: string }[] {
  return site === 'main'
    ? [
        { title: 'Monthly staples, sorted', subtitle: 'Atta, rice, dals and oils at everyday low prices', link: '/products?c=atta-rice-dals' },
        { title: 'Up to 25% off masalas', subtitle: 'Stock your spice box this week', link: '/products?c=masalas-spices&s=discount', color: '#b71c1c' },
        { title: 'Free delivery over ₹499', subtitle: 'Slots every two hours, 7 am to 9 pm', link: '/products', color: '#1565c0' },
      ]
    : [
        { title: 'Chai time is the best time', subtitle: 'Teas, biscuits and namkeen, delivered to your door', link: '/products?c=beverages' },
        { title: 'Party pack deals', subtitle: 'Big bags of namkeen and chips for less', link: '/products?c=snacks-namkeen&s=discount', color: '#6a1b9a' },
      ]
}

function popupText(site: 'main' | 'shop2', color: string) {
  return site === 'main'
    ? { title: 'Use WELCOME10', subtitle: '10% off your first order above ₹199', color }
    : { title: 'Tea-time sale', subtitle: 'Extra savings on namkeen this week', color }
}

/** Drawing is deterministic: a process that seeds several databases (tests) draws each image once. */
const drawn = new Map<string, Promise<Buffer>>()

export async function seedImages(db: Db, concurrency = 4) {
  const queue = jobs()
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const make = job.make
      const bytes = await (drawn.get(job.path) ?? drawn.set(job.path, make()).get(job.path)!)
      const meta = await sharp(bytes).metadata()
      await db
        .insert(media)
        .values({ path: job.path, contentType: 'image/webp', bytes, width: meta.width ?? 0, height: meta.height ?? 0 })
        .onConflictDoNothing()
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
}
