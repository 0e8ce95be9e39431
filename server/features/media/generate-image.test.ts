import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { avatarImage, bannerImage, brandLogo, categoryImage, placeholderImage, popupImage, productImage, siteLogo } from './generate-image'
import { IMAGE_SIZES, resizeImage } from './resize'
import { esc, fit, textWidth } from './svg-kit'

async function meta(buf: Buffer) {
  const m = await sharp(buf).metadata()
  return { format: m.format, width: m.width, height: m.height }
}

describe('generated demo images', () => {
  it('renders product images as square WebP of the requested size, for every shape', async () => {
    for (const shape of ['bag', 'bottle', 'box', 'jar', 'can', 'packet'] as const) {
      const buf = await productImage({ name: 'Kesar Valley Basmati Rice', brand: 'Kesar Valley', color: '#E07A1F', shape, packLabel: '5 kg' })
      expect(await meta(buf)).toEqual({ format: 'webp', width: 800, height: 800 })
    }
    expect(await meta(await productImage({ name: 'Toor Dal', brand: 'Sona Khet', color: '#B8860B', shape: 'packet' }, 200))).toEqual({
      format: 'webp',
      width: 200,
      height: 200,
    })
  })

  it('escapes text and survives hostile or odd input', async () => {
    const buf = await productImage(
      {
        name: '<script>alert("x")</script> & \'Co\' ]]> Extremely Long Name With Many Many Words',
        brand: 'A & B <Brand>',
        color: 'nonsense',
        shape: 'box',
        packLabel: '<1 kg & more>',
      },
      300,
    )
    expect(await meta(buf)).toEqual({ format: 'webp', width: 300, height: 300 })
    expect(esc(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;')
  })

  it('renders category tiles, brand logos and the placeholder at their default and custom sizes', async () => {
    expect(await meta(await categoryImage('Atta, Rice & Dals', '#2E7D32'))).toEqual({ format: 'webp', width: 400, height: 400 })
    expect(await meta(await categoryImage('Something Else', '#123456', 160))).toEqual({ format: 'webp', width: 160, height: 160 })
    expect(await meta(await brandLogo('Desi Tadka', '#C62828'))).toEqual({ format: 'webp', width: 400, height: 400 })
    expect(await meta(await placeholderImage())).toEqual({ format: 'webp', width: 400, height: 400 })
    expect(await meta(await placeholderImage(120))).toEqual({ format: 'webp', width: 120, height: 120 })
  })

  it('renders banners, popup, site logo and avatar at their fixed sizes', async () => {
    const banner = { title: 'Fresh groceries, delivered', subtitle: 'Atta, dals & masalas', color: '#2E7D32' }
    expect(await meta(await bannerImage({ ...banner, width: 1600, height: 500 }))).toEqual({ format: 'webp', width: 1600, height: 500 })
    expect(await meta(await bannerImage({ ...banner, width: 800, height: 600 }))).toEqual({ format: 'webp', width: 800, height: 600 })
    expect(await meta(await popupImage({ title: '10% off', subtitle: 'Use WELCOME10', color: '#E4572E' }))).toEqual({ format: 'webp', width: 600, height: 600 })
    expect(await meta(await siteLogo('Kirana Express', '#2E7D32'))).toEqual({ format: 'webp', width: 256, height: 256 })
    expect(await meta(await avatarImage('Sona Khet Farms', '#B8860B'))).toEqual({ format: 'webp', width: 300, height: 300 })
  })

  it('is deterministic', async () => {
    const p = { name: 'Chai Bagaan Masala Chai', brand: 'Chai Bagaan', color: '#1B5E20', shape: 'box' as const, packLabel: '250 g' }
    expect((await productImage(p, 200)).equals(await productImage(p, 200))).toBe(true)
  })
})

describe('text fitting', () => {
  it('wraps within the width and line budget, shrinking the font first', () => {
    const r = fit('Achaar Ghar Hot & Sweet Tomato Chilli Sauce', { max: 240, size: 46, min: 20, maxLines: 3 })
    expect(r.lines.length).toBeLessThanOrEqual(3)
    for (const l of r.lines) expect(textWidth(l, r.size, true)).toBeLessThanOrEqual(240)
    const long = fit('Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(3), { max: 200, size: 40, min: 20, maxLines: 2 })
    for (const l of long.lines) expect(textWidth(l, long.size, true)).toBeLessThanOrEqual(200)
    expect(long.lines.at(-1)).toMatch(/…$/)
  })
})

describe('resizeImage', () => {
  it('exposes the variant widths', () => {
    expect(IMAGE_SIZES).toEqual({ thumb: 200, small: 400, medium: 800 })
  })

  it('downsizes to WebP keeping the aspect ratio', async () => {
    const banner = await bannerImage({ title: 'T', subtitle: 'S', color: '#333333', width: 1600, height: 500 })
    expect(await meta(await resizeImage(banner, 400))).toEqual({ format: 'webp', width: 400, height: 125 })
    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer()
    expect(await meta(await resizeImage(png, IMAGE_SIZES.thumb))).toEqual({ format: 'webp', width: 200, height: 200 })
  })

  it('never enlarges', async () => {
    const small = await placeholderImage(150)
    expect(await meta(await resizeImage(small, 800))).toEqual({ format: 'webp', width: 150, height: 150 })
  })
})
