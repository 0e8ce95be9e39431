/** Flat package illustrations drawn in an 800 × 800 coordinate space (product centred, resting on y ≈ 690). */
import type { PackageShape } from '../../db/seed/data/catalogue'
import { brandTone, esc, fit, FONT, shade, textBlock, textWidth, tint } from './svg-kit'

interface Box {
  x: number
  y: number
  w: number
  h: number
  r: number
}
interface Drawn {
  body: string
  label: Box
}

const INK = '#1f2430'

function bag(c: string, id: string): Drawn {
  const outline = 'M228 150H572L590 636Q592 690 540 690H260Q208 690 210 636Z'
  return {
    body: `<clipPath id="${id}b"><path d="${outline}"/></clipPath>
      <path d="${outline}" fill="${c}"/>
      <g clip-path="url(#${id}b)">
        <path d="M200 560Q400 500 600 560V700H200Z" fill="${shade(c, 0.12)}"/>
        <rect x="200" y="150" width="400" height="46" fill="${shade(c, 0.22)}"/>
        ${Array.from({ length: 18 }, (_, i) => `<rect x="${236 + i * 19}" y="156" width="6" height="34" rx="3" fill="${shade(c, 0.32)}"/>`).join('')}
        <path d="M222 214H578" stroke="${tint(c, 0.35)}" stroke-width="5" stroke-dasharray="14 10"/>
        <rect x="236" y="236" width="26" height="400" rx="13" fill="#fff" opacity=".16"/>
        <path d="M212 650Q400 622 588 650" stroke="${shade(c, 0.3)}" stroke-width="4" fill="none" opacity=".5"/>
      </g>`,
    label: { x: 262, y: 262, w: 276, h: 300, r: 22 },
  }
}

function bottle(c: string, id: string): Drawn {
  const outline = 'M366 168H434V214C434 252 546 262 546 330V648Q546 690 504 690H296Q254 690 254 648V330C254 262 366 252 366 214Z'
  return {
    body: `<clipPath id="${id}b"><path d="${outline}"/></clipPath>
      <path d="${outline}" fill="${c}"/>
      <g clip-path="url(#${id}b)">
        <rect x="250" y="360" width="300" height="270" fill="#fff"/>
        <rect x="250" y="352" width="300" height="8" fill="${shade(c, 0.2)}" opacity=".6"/>
        <rect x="250" y="630" width="300" height="8" fill="${shade(c, 0.2)}" opacity=".6"/>
        <rect x="274" y="270" width="22" height="390" rx="11" fill="#fff" opacity=".2"/>
        <rect x="500" y="300" width="46" height="390" fill="#000" opacity=".08"/>
      </g>
      <rect x="352" y="106" width="96" height="70" rx="12" fill="${shade(c, 0.35)}"/>
      ${[0, 1, 2, 3, 4].map((i) => `<rect x="${366 + i * 16}" y="116" width="6" height="50" rx="3" fill="${shade(c, 0.5)}"/>`).join('')}
      <rect x="360" y="170" width="80" height="12" rx="4" fill="${shade(c, 0.45)}"/>`,
    label: { x: 262, y: 368, w: 276, h: 254, r: 0 },
  }
}

function box(c: string): Drawn {
  return {
    body: `<path d="M214 180L290 136H598L522 180Z" fill="${tint(c, 0.28)}"/>
      <path d="M522 180L598 136V646L522 690Z" fill="${shade(c, 0.25)}"/>
      <rect x="214" y="180" width="308" height="510" fill="${c}"/>
      <rect x="214" y="180" width="308" height="56" fill="${shade(c, 0.15)}"/>
      <path d="M214 596Q368 556 522 596V690H214Z" fill="${shade(c, 0.12)}"/>
      <rect x="232" y="250" width="18" height="420" rx="9" fill="#fff" opacity=".15"/>`,
    label: { x: 240, y: 268, w: 256, h: 300, r: 20 },
  }
}

function jar(c: string, id: string): Drawn {
  const outline = 'M226 318Q226 266 280 266H520Q574 266 574 318V648Q574 690 532 690H268Q226 690 226 648Z'
  return {
    body: `<clipPath id="${id}b"><path d="${outline}"/></clipPath>
      <path d="${outline}" fill="${c}"/>
      <g clip-path="url(#${id}b)">
        <rect x="220" y="610" width="360" height="90" fill="${shade(c, 0.14)}"/>
        <rect x="244" y="300" width="22" height="370" rx="11" fill="#fff" opacity=".18"/>
      </g>
      <rect x="248" y="168" width="304" height="84" rx="16" fill="${shade(c, 0.32)}"/>
      ${Array.from({ length: 13 }, (_, i) => `<rect x="${266 + i * 22}" y="180" width="8" height="60" rx="4" fill="${shade(c, 0.45)}"/>`).join('')}
      <rect x="236" y="246" width="328" height="26" rx="10" fill="${shade(c, 0.42)}"/>`,
    label: { x: 250, y: 336, w: 300, h: 262, r: 22 },
  }
}

function can(c: string, id: string): Drawn {
  return {
    body: `<linearGradient id="${id}g" x1="0" x2="1"><stop offset="0" stop-color="${shade(c, 0.22)}"/><stop offset=".28" stop-color="${tint(c, 0.1)}"/><stop offset=".6" stop-color="${c}"/><stop offset="1" stop-color="${shade(c, 0.3)}"/></linearGradient>
      <linearGradient id="${id}m" x1="0" x2="1"><stop offset="0" stop-color="#aeb5bd"/><stop offset=".3" stop-color="#eef1f4"/><stop offset="1" stop-color="#9aa2ab"/></linearGradient>
      <path d="M252 196V664A148 24 0 0 0 548 664V196Z" fill="url(#${id}g)"/>
      <path d="M252 340H548V606H252Z" fill="#fff"/>
      <path d="M252 340H548V346H252ZM252 600H548V606H252Z" fill="#000" opacity=".08"/>
      <path d="M252 664A148 24 0 0 0 548 664V674A148 24 0 0 1 252 674Z" fill="url(#${id}m)"/>
      <ellipse cx="400" cy="192" rx="150" ry="26" fill="url(#${id}m)"/>
      <ellipse cx="400" cy="192" rx="132" ry="19" fill="#d9dee3"/>
      <ellipse cx="400" cy="195" rx="132" ry="16" fill="#e9ecef"/>`,
    label: { x: 262, y: 346, w: 276, h: 254, r: 0 },
  }
}

function packet(c: string, id: string): Drawn {
  const top = Array.from({ length: 19 }, (_, i) => `L${220 + i * 20} ${i % 2 ? 130 : 142}`).join('')
  const bottom = Array.from({ length: 19 }, (_, i) => `L${580 - i * 20} ${i % 2 ? 702 : 690}`).join('')
  const outline = `M220 180L220 142${top}L580 180C606 320 606 520 580 652L580 690${bottom}L220 652C194 520 194 320 220 180Z`
  return {
    body: `<clipPath id="${id}b"><path d="${outline}"/></clipPath>
      <path d="${outline}" fill="${c}"/>
      <g clip-path="url(#${id}b)">
        <rect x="190" y="120" width="420" height="64" fill="${shade(c, 0.22)}"/>
        <rect x="190" y="650" width="420" height="60" fill="${shade(c, 0.22)}"/>
        ${Array.from({ length: 18 }, (_, i) => `<path d="M${229 + i * 20} 140V180M${229 + i * 20} 654V694" stroke="${shade(c, 0.36)}" stroke-width="4"/>`).join('')}
        <circle cx="560" cy="250" r="120" fill="#fff" opacity=".08"/>
        <rect x="232" y="200" width="22" height="430" rx="11" fill="#fff" opacity=".16"/>
      </g>`,
    label: { x: 254, y: 254, w: 292, h: 312, r: 26 },
  }
}

function drawShape(shape: PackageShape, c: string, id: string): Drawn {
  switch (shape) {
    case 'bag':
      return bag(c, id)
    case 'bottle':
      return bottle(c, id)
    case 'box':
      return box(c)
    case 'jar':
      return jar(c, id)
    case 'can':
      return can(c, id)
    default:
      return packet(c, id)
  }
}

/** Strip a leading brand name from the product name ("Kesar Valley Basmati Rice" → "Basmati Rice"). */
export function productLine(name: string, brand: string): string {
  const n = name.trim()
  return brand && n.toLowerCase().startsWith(`${brand.toLowerCase()} `) ? n.slice(brand.length + 1) : n
}

/** The package with its label (brand, product name, pack chip), in 800-space, without background. */
export function packageSvg(p: { shape: PackageShape; color: string; brand: string; product: string; packLabel?: string; id: string }): string {
  const c = p.color
  const accent = brandTone(c)
  const { body, label: L } = drawShape(p.shape, c, p.id)
  const cx = L.x + L.w / 2
  const pad = 18
  const inner = L.w - pad * 2
  let brandText = p.brand.toUpperCase()
  let bs = 22
  while (bs > 14 && textWidth(brandText, bs, true, 2) > inner) bs -= 1
  for (let base = brandText; base.length > 1 && textWidth(brandText, bs, true, 2) > inner; ) {
    base = base.slice(0, -1).trimEnd()
    brandText = `${base}…`
  }
  const brandY = L.y + 38
  const chipH = p.packLabel ? 40 : 0
  const nameTop = brandY + 24
  const nameBottom = L.y + L.h - (p.packLabel ? chipH + 26 : 18)
  const name = fit(productLine(p.product, p.brand), { max: inner, size: 46, min: 20, maxLines: 3, maxHeight: nameBottom - nameTop, lh: 1.14 })
  let chip = ''
  if (p.packLabel) {
    const t = fit(p.packLabel, { max: inner - 36, size: 22, min: 15, maxLines: 1 })
    const cw = Math.min(inner, textWidth(t.lines[0], t.size, true) + 40)
    const cy = L.y + L.h - 20 - chipH / 2
    chip = `<rect x="${cx - cw / 2}" y="${cy - chipH / 2}" width="${cw}" height="${chipH}" rx="${chipH / 2}" fill="${tint(accent, 0.86)}"/>
      ${textBlock(t.lines, { x: cx, cy, size: t.size, fill: accent })}`
  }
  return `<g>${body}
    <rect x="${L.x}" y="${L.y}" width="${L.w}" height="${L.h}" rx="${L.r}" fill="#fff"/>
    <text x="${cx}" y="${brandY}" font-family="${FONT}" font-size="${bs}" font-weight="700" letter-spacing="2" fill="${accent}" text-anchor="middle">${esc(brandText)}</text>
    <rect x="${cx - 28}" y="${brandY + 11}" width="56" height="4" rx="2" fill="${tint(accent, 0.55)}"/>
    ${textBlock(name.lines, { x: cx, cy: (nameTop + nameBottom) / 2, size: name.size, lh: name.lh, fill: INK })}
    ${chip}
  </g>`
}
