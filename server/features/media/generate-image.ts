/**
 * Demo images rendered locally: SVG built here, rasterised by sharp (librsvg), encoded as WebP.
 * No network and no font files beyond the system's DejaVu Sans.
 */
import type { PackageShape } from '../../db/seed/data/catalogue'
import { packageSvg } from './package-shapes'
import { sharp } from './sharp'
import { brandTone, esc, fit, FONT, initials, mix, rgb, shade, textBlock, textWidth, tint } from './svg-kit'

const WEBP = { quality: 84, effort: 4 } as const

function svgDoc(w: number, h: number, body: string, vbW = w, vbH = h): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${vbW} ${vbH}">${body}</svg>`
}

async function render(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp(WEBP).toBuffer()
}

const clampSize = (n: number) => Math.max(16, Math.min(4096, Math.round(n)))

export async function productImage(p: { name: string; brand: string; color: string; shape: PackageShape; packLabel?: string }, size = 800): Promise<Buffer> {
  const c = p.color
  const bg = mix(c, '#f6f7f4', 0.9)
  const s = clampSize(size)
  const body = `<rect width="800" height="800" fill="${bg}"/>
    <circle cx="400" cy="400" r="318" fill="${mix(c, '#ffffff', 0.8)}"/>
    <ellipse cx="400" cy="700" rx="214" ry="22" fill="${shade(c, 0.5)}" opacity=".16"/>
    <g transform="translate(400 398) scale(.98) translate(-400 -404)">
      ${packageSvg({ shape: p.shape, color: c, brand: p.brand, product: p.name, packLabel: p.packLabel, id: 'p' })}
    </g>`
  return render(svgDoc(s, s, body, 800, 800))
}

// ---- category tiles ----------------------------------------------------------

/** Simple icon motifs in a 100 × 100 box; `a` is the accent colour, `l` a light tint. */
const ICONS: [RegExp, (a: string, l: string) => string][] = [
  [
    /atta|rice|dal|flour|grain|pulse/,
    (a, l) => `<path d="M50 92V30" stroke="${a}" stroke-width="5" stroke-linecap="round"/>
    ${[0, 1, 2, 3].map((i) => `<ellipse cx="38" cy="${66 - i * 14}" rx="8" ry="14" transform="rotate(-30 38 ${66 - i * 14})" fill="${a}"/><ellipse cx="62" cy="${66 - i * 14}" rx="8" ry="14" transform="rotate(30 62 ${66 - i * 14})" fill="${i % 2 ? l : a}"/>`).join('')}
    <ellipse cx="50" cy="14" rx="8" ry="14" fill="${a}"/>`,
  ],
  [
    /masala|spice|chilli/,
    (a, l) => `<path d="M30 22C44 20 58 34 62 50C68 72 80 84 92 90C70 96 44 88 32 66C22 48 20 32 30 22Z" fill="${a}"/>
    <path d="M30 22C26 14 30 6 38 4" stroke="#2e7d32" stroke-width="6" fill="none" stroke-linecap="round"/><path d="M38 34C42 46 48 58 58 68" stroke="${l}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  ],
  [
    /oil|ghee/,
    (a, l) =>
      `<path d="M50 6C50 6 18 46 18 64A32 32 0 0 0 82 64C82 46 50 6 50 6Z" fill="${a}"/><path d="M34 62A16 16 0 0 0 46 80" stroke="${l}" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  ],
  [
    /snack|namkeen|chips/,
    (a, l) => `<path d="M10 50H90A40 36 0 0 1 10 50Z" fill="${a}"/>
    <circle cx="30" cy="42" r="12" fill="${l}"/><circle cx="52" cy="36" r="14" fill="#ffd54f"/><circle cx="72" cy="43" r="11" fill="${l}"/><rect x="8" y="46" width="84" height="8" rx="4" fill="${shade(a, 0.2)}"/>`,
  ],
  [
    /beverage|tea|coffee|juice|drink/,
    (
      a,
      l,
    ) => `<path d="M16 40H74V66A24 24 0 0 1 50 90H40A24 24 0 0 1 16 66Z" fill="${a}"/><path d="M74 48H80A11 11 0 0 1 80 70H72" stroke="${a}" stroke-width="7" fill="none"/>
    <path d="M32 30C26 22 38 18 32 8M48 30C42 22 54 18 48 8M64 30C58 22 70 18 64 8" stroke="${l}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  ],
  [
    /dairy|milk|breakfast/,
    (a, l) =>
      `<path d="M30 30L38 12H62L70 30V90H30Z" fill="${a}"/><path d="M38 12H62L70 30H30Z" fill="${l}"/><rect x="36" y="46" width="28" height="26" rx="6" fill="#fff"/><path d="M50 52C50 52 43 60 43 64A7 7 0 0 0 57 64C57 60 50 52 50 52Z" fill="${a}"/>`,
  ],
  [
    /biscuit|cookie|chocolate|sweet/,
    (a, l) => `<circle cx="50" cy="50" r="40" fill="${a}"/><circle cx="50" cy="50" r="32" fill="${l}" opacity=".35"/>
    ${[
      [36, 36],
      [60, 32],
      [64, 58],
      [40, 62],
      [52, 47],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5" fill="${shade(a, 0.45)}"/>`)
      .join('')}`,
  ],
  [
    /instant|noodle|ready|pasta/,
    (
      a,
      l,
    ) => `<path d="M62 8L44 46M80 12L56 46" stroke="${shade(a, 0.35)}" stroke-width="5" stroke-linecap="round"/><path d="M8 48H92A42 40 0 0 1 8 48Z" fill="${a}"/>
    <path d="M22 48C26 38 34 46 38 38C42 30 50 44 54 36C58 28 66 42 72 36" stroke="#ffd54f" stroke-width="5" fill="none" stroke-linecap="round"/><rect x="6" y="44" width="88" height="8" rx="4" fill="${l}"/>`,
  ],
  [
    /sauce|pickle|ketchup|jam/,
    (a, l) =>
      `<rect x="22" y="28" width="56" height="64" rx="12" fill="${a}"/><rect x="26" y="12" width="48" height="16" rx="4" fill="${shade(a, 0.3)}"/><rect x="30" y="48" width="40" height="28" rx="6" fill="${l}"/>`,
  ],
  [
    /personal|care|bath|hair|oral|body|skin/,
    (
      a,
      l,
    ) => `<rect x="28" y="38" width="44" height="54" rx="12" fill="${a}"/><rect x="42" y="22" width="16" height="16" fill="${shade(a, 0.25)}"/><path d="M42 16H68V24" stroke="${shade(a, 0.25)}" stroke-width="6" fill="none"/>
    <path d="M50 54C50 54 40 64 40 70A10 10 0 0 0 60 70C60 64 50 54 50 54Z" fill="${l}"/>`,
  ],
  [
    /clean|detergent|dish|wash|home/,
    (a, l) =>
      `<path d="M50 8L58 36L86 44L58 52L50 80L42 52L14 44L42 36Z" fill="${a}"/><path d="M80 64L84 76L96 80L84 84L80 96L76 84L64 80L76 76Z" fill="${l}"/><circle cx="22" cy="18" r="6" fill="${l}"/>`,
  ],
]
const BASKET = (a: string, l: string) =>
  `<path d="M30 40L44 14M70 40L56 14" stroke="${shade(a, 0.3)}" stroke-width="6" stroke-linecap="round"/><path d="M10 40H90L80 88H20Z" fill="${a}"/><path d="M34 52V76M50 52V76M66 52V76" stroke="${l}" stroke-width="5" stroke-linecap="round"/>`

export async function categoryImage(name: string, color: string, size = 400): Promise<Buffer> {
  const a = brandTone(color)
  const l = tint(a, 0.6)
  const key = name.toLowerCase()
  const icon = (ICONS.find(([re]) => re.test(key))?.[1] ?? BASKET)(a, l)
  const t = fit(name, { max: 270, size: 34, min: 18, maxLines: 2, lh: 1.12, balance: true })
  const body = `<rect width="400" height="400" fill="${mix(a, '#ffffff', 0.9)}"/>
    <circle cx="200" cy="200" r="180" fill="${mix(a, '#ffffff', 0.8)}"/>
    <circle cx="200" cy="148" r="98" fill="#fff"/>
    <g transform="translate(134 82) scale(1.32)">${icon}</g>
    ${textBlock(t.lines, { x: 200, cy: t.lines.length > 1 ? 296 : 290, size: t.size, lh: t.lh, fill: shade(a, 0.35) })}`
  const s = clampSize(size)
  return render(svgDoc(s, s, body, 400, 400))
}

// ---- logos & avatars ------------------------------------------------------------

export async function brandLogo(name: string, color: string, size = 400): Promise<Buffer> {
  const a = brandTone(color)
  const mono = initials(name)
  const ms = mono.length > 1 ? 64 : 84
  const t = fit(name, { max: 340, size: 42, min: 20, maxLines: 2, lh: 1.1, balance: true })
  const body = `<rect width="400" height="400" fill="#ffffff"/>
    <rect x="130" y="58" width="140" height="140" rx="38" fill="${a}"/>
    <text x="200" y="${128 + ms * 0.36}" font-family="${FONT}" font-size="${ms}" font-weight="700" fill="#fff" text-anchor="middle">${esc(mono)}</text>
    ${textBlock(t.lines, { x: 200, cy: t.lines.length > 1 ? 280 : 266, size: t.size, lh: t.lh, fill: shade(a, 0.15) })}
    <rect x="170" y="${t.lines.length > 1 ? 336 : 310}" width="60" height="5" rx="2.5" fill="${tint(a, 0.5)}"/>`
  const s = clampSize(size)
  return render(svgDoc(s, s, body, 400, 400))
}

export async function siteLogo(name: string, color: string): Promise<Buffer> {
  const a = brandTone(color)
  const mono = initials(name)
  const ms = mono.length > 1 ? 104 : 136
  const body = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(a, 0.12)}"/><stop offset="1" stop-color="${shade(a, 0.18)}"/></linearGradient></defs>
    <rect x="8" y="8" width="240" height="240" rx="60" fill="url(#g)"/>
    <path d="M176 40C214 36 226 60 222 92C190 96 170 76 176 40Z" fill="#fff" opacity=".9"/>
    <path d="M182 50L212 84" stroke="${a}" stroke-width="4" stroke-linecap="round"/>
    <text x="124" y="${150 + ms * 0.36}" font-family="${FONT}" font-size="${ms}" font-weight="700" fill="#fff" text-anchor="middle" letter-spacing="-4">${esc(mono)}</text>`
  return render(svgDoc(256, 256, body))
}

export async function avatarImage(name: string, color: string): Promise<Buffer> {
  const a = brandTone(color)
  const mono = initials(name)
  const body = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(a, 0.15)}"/><stop offset="1" stop-color="${shade(a, 0.2)}"/></linearGradient></defs>
    <rect width="300" height="300" fill="url(#g)"/>
    <circle cx="250" cy="60" r="80" fill="#fff" opacity=".08"/><circle cx="40" cy="270" r="70" fill="#fff" opacity=".07"/>
    <text x="150" y="${150 + 100 * 0.36}" font-family="${FONT}" font-size="100" font-weight="700" fill="#fff" text-anchor="middle">${esc(mono)}</text>`
  return render(svgDoc(300, 300, body))
}

export async function placeholderImage(size = 400): Promise<Buffer> {
  const body = `<rect width="400" height="400" fill="#eef0f3"/>
    <rect x="130" y="140" width="140" height="120" rx="16" fill="none" stroke="#c2c8d0" stroke-width="10"/>
    <circle cx="172" cy="180" r="13" fill="#c2c8d0"/>
    <path d="M140 250L185 204L212 230L232 212L262 250Z" fill="#c2c8d0"/>`
  const s = clampSize(size)
  return render(svgDoc(s, s, body, 400, 400))
}

// ---- banners & popups -------------------------------------------------------------

const CLUSTER = [
  { shape: 'bag', color: '#f4a23c', product: 'Basmati Rice', pack: '5 kg' },
  { shape: 'bottle', color: '#43a047', product: 'Mustard Oil', pack: '1 L' },
  { shape: 'box', color: '#e5533d', product: 'Masala Chai', pack: '250 g' },
] as const

/** A tea-and-snacks shop's banners show its own goods (issue 18), not rice and oil. */
const TEA_CLUSTER = [
  { shape: 'packet', color: '#f4a23c', product: 'Aloo Bhujia', pack: '400 g' },
  { shape: 'box', color: '#e5533d', product: 'Masala Chai', pack: '250 g' },
  { shape: 'jar', color: '#8d6e63', product: 'Butter Cookies', pack: '300 g' },
] as const

export type BannerGoods = 'staples' | 'tea'

const ALT = ['#fbc02d', '#f5f0e6', '#5c6bc0']
/** Colours too close to the background are swapped so packages stand out. */
function near(x: string, y: string): boolean {
  const a = rgb(x)
  const b = rgb(y)
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) < 120
}

/** Three packages side by side, ~`h` tall, centred on (cx, bottom). */
function cluster(cx: number, bottom: number, h: number, accent: string, goods: BannerGoods = 'staples'): string {
  const s = h / 600
  const set = goods === 'tea' ? TEA_CLUSTER : CLUSTER
  const items = [
    { ...set[0], dx: -290, sc: 0.9 },
    { ...set[2], dx: 290, sc: 0.9 },
    { ...set[1], dx: 0, sc: 1 },
  ]
  const plate = `<ellipse cx="${cx}" cy="${bottom - 4 * s}" rx="${420 * s}" ry="${34 * s}" fill="#000" opacity=".14"/>`
  return (
    plate +
    items
      .map((it, i) => {
        const k = s * it.sc
        return `<g transform="translate(${cx + it.dx * s} ${bottom}) scale(${k}) translate(-400 -690)">${packageSvg({ shape: it.shape, color: near(it.color, accent) ? ALT[i] : it.color, brand: 'Daily Fresh', product: it.product, packLabel: it.pack, id: `c${i}` })}</g>`
      })
      .join('')
  )
}

function promo(o: { title: string; subtitle: string; color: string; width: number; height: number; tag?: string; goods?: BannerGoods }): string {
  const W = clampSize(o.width)
  const H = clampSize(o.height)
  const a = brandTone(o.color)
  const wide = W / H >= 1.6
  const deco = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(a, 0.1)}"/><stop offset="1" stop-color="${shade(a, 0.28)}"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    <circle cx="${W * (wide ? 0.78 : 0.85)}" cy="${H * (wide ? 0.5 : 0.1)}" r="${Math.min(W, H) * (wide ? 0.62 : 0.4)}" fill="#fff" opacity=".08"/>
    <circle cx="${W * 0.04}" cy="${H * 0.96}" r="${Math.min(W, H) * 0.22}" fill="#fff" opacity=".06"/>`
  const unit = Math.min(H, W / 1.5)
  // text column
  const tx = wide ? W * 0.07 : W / 2
  const maxW = wide ? W * 0.5 : W * 0.84
  const anchor = wide ? 'start' : 'middle'
  const title = fit(o.title, { max: maxW, size: Math.round(unit * (wide ? 0.15 : 0.095)), min: Math.round(unit * 0.05), maxLines: 2, lh: 1.1, balance: true })
  const sub = fit(o.subtitle, {
    max: maxW,
    size: Math.round(unit * (wide ? 0.055 : 0.042)),
    min: Math.round(unit * 0.03),
    maxLines: 2,
    bold: false,
    lh: 1.25,
    balance: true,
  })
  const tagSize = Math.round(unit * 0.032)
  const ctaSize = Math.round(unit * (wide ? 0.045 : 0.038))
  const tagH = o.tag ? tagSize * 2 : 0
  const titleH = title.lines.length * title.size * title.lh
  const subH = sub.lines.length * sub.size * sub.lh
  const ctaH = ctaSize * 2.4
  const gap = unit * (wide ? 0.04 : 0.032)
  const blockH = tagH + (tagH ? gap : 0) + titleH + gap + subH + gap * 1.4 + ctaH
  let y = wide ? (H - blockH) / 2 : H * 0.06
  let out = ''
  if (o.tag) {
    const tw = textWidth(o.tag, tagSize, true, 2) + tagSize * 2
    const x0 = wide ? tx : tx - tw / 2
    out += `<rect x="${x0}" y="${y}" width="${tw}" height="${tagH}" rx="${tagH / 2}" fill="#ffd54f"/>
      <text x="${x0 + tw / 2}" y="${y + tagH / 2 + tagSize * 0.36}" font-family="${FONT}" font-size="${tagSize}" font-weight="700" letter-spacing="2" fill="#3e2723" text-anchor="middle">${esc(o.tag)}</text>`
    y += tagH + gap
  }
  out += textBlock(title.lines, { x: tx, cy: y + titleH / 2, size: title.size, lh: title.lh, fill: '#fff', anchor })
  y += titleH + gap
  out += textBlock(sub.lines, { x: tx, cy: y + subH / 2, size: sub.size, lh: sub.lh, fill: '#fff', bold: false, anchor, opacity: 0.92 })
  y += subH + gap * 1.4
  const cta = 'Shop now →'
  const cw = textWidth(cta, ctaSize, true) + ctaSize * 2.4
  const cx0 = wide ? tx : tx - cw / 2
  out += `<rect x="${cx0}" y="${y}" width="${cw}" height="${ctaH}" rx="${ctaH / 2}" fill="#fff"/>
    <text x="${cx0 + cw / 2}" y="${y + ctaH / 2 + ctaSize * 0.36}" font-family="${FONT}" font-size="${ctaSize}" font-weight="700" fill="${a}" text-anchor="middle">${esc(cta)}</text>`
  const textBottom = y + ctaH
  const art = wide
    ? cluster(W * 0.77, H * 0.9, Math.min(H * 0.78, W * 0.2), a, o.goods)
    : cluster(W / 2, H * 0.94, Math.min(H * 0.94 - textBottom - H * 0.06, W * 0.5), a, o.goods)
  return svgDoc(W, H, deco + art + out)
}

export async function bannerImage(o: { title: string; subtitle: string; color: string; width: number; height: number; goods?: BannerGoods }): Promise<Buffer> {
  return render(promo(o))
}

export async function popupImage(o: { title: string; subtitle: string; color: string; goods?: BannerGoods }): Promise<Buffer> {
  return render(promo({ ...o, width: 600, height: 600, tag: 'LIMITED OFFER' }))
}
