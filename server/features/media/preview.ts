/** Writes sample images (.webp and .png) to a folder: `npx tsx server/features/media/preview.ts /tmp/preview` */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import type Sharp from 'sharp'
import { lazyModule } from '../../platform/lazy-module'
import { brands, categories, products } from '../../db/seed/data/catalogue'
import { avatarImage, bannerImage, brandLogo, categoryImage, placeholderImage, popupImage, productImage, siteLogo } from './generate-image'

const sharp = lazyModule<typeof Sharp>(() => createRequire(import.meta.url)('sharp'))

const dir = process.argv[2] ?? '/tmp/preview'
await mkdir(dir, { recursive: true })
const color = new Map(brands.map((b) => [b.slug, b.color]))
const brandName = new Map(brands.map((b) => [b.slug, b.name]))

async function save(name: string, webp: Promise<Buffer>) {
  const buf = await webp
  await writeFile(join(dir, `${name}.webp`), buf)
  await writeFile(join(dir, `${name}.png`), await sharp(buf).png().toBuffer())
}

// one product per shape plus the longest names
const picks = new Map<string, (typeof products)[number]>()
for (const p of products) if (!picks.has(p.shape)) picks.set(p.shape, p)
for (const p of [...products].sort((a, b) => b.name.length - a.name.length).slice(0, 3)) picks.set(p.slug, p)
for (const slug of ['kesar-valley-basmati-rice', 'kolhu-fresh-cold-pressed-mustard-oil', 'jhatpat-foods-masala-instant-noodles']) {
  const p = products.find((x) => x.slug === slug)
  if (p) picks.set(slug, p)
}
const palette = ['#2E7D32', '#E07A1F', '#1565C0', '#AD1457', '#F9A825', '#6D4C41']
const jobs: Promise<void>[] = []
for (const [key, p] of picks) {
  jobs.push(
    save(
      `product-${key}`,
      productImage({
        name: p.name,
        brand: brandName.get(p.brandSlug) ?? '',
        color: color.get(p.brandSlug) ?? '#888',
        shape: p.shape,
        packLabel: p.packs[0].name,
      }),
    ),
  )
}
categories.forEach((c, i) => jobs.push(save(`category-${c.slug}`, categoryImage(c.name, palette[i % palette.length]))))
for (const b of brands.slice(0, 6)) jobs.push(save(`brand-${b.slug}`, brandLogo(b.name, b.color)))
jobs.push(
  save(
    'banner-main',
    bannerImage({
      title: 'Fresh groceries, delivered in 2 hours',
      subtitle: 'Atta, dals, masalas and more at everyday low prices',
      color: '#2E7D32',
      width: 1600,
      height: 500,
    }),
  ),
)
jobs.push(
  save(
    'banner-sm',
    bannerImage({
      title: 'Fresh groceries, delivered in 2 hours',
      subtitle: 'Atta, dals, masalas and more at everyday low prices',
      color: '#2E7D32',
      width: 800,
      height: 600,
    }),
  ),
)
jobs.push(
  save(
    'banner-main-2',
    bannerImage({ title: 'Snack time, sorted', subtitle: 'Up to 25% off namkeen, chips and cold drinks', color: '#7B1FA2', width: 1600, height: 500 }),
  ),
)
jobs.push(
  save(
    'banner-sm-yellow',
    bannerImage({ title: 'Festive sweets & gifting', subtitle: 'Kaju katli, soan papdi and chocolate boxes', color: '#F9A825', width: 800, height: 600 }),
  ),
)
jobs.push(save('popup', popupImage({ title: '10% off your first order', subtitle: 'Use code WELCOME10 on carts above ₹199', color: '#E4572E' })))
jobs.push(save('site-logo', siteLogo('Kirana Express', '#2E7D32')))
jobs.push(save('site-logo-2', siteLogo('Snack Shack', '#7B1FA2')))
jobs.push(save('avatar', avatarImage('Sona Khet Farms', '#B8860B')))
jobs.push(save('placeholder', placeholderImage()))
await Promise.all(jobs)
console.log(`wrote ${jobs.length} samples to ${dir}`)
