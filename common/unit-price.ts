import { formatINR } from './money'

/**
 * The unit sale price of a pack (issue 18), as India's Legal Metrology (Packaged Commodities) Rules ask shops to
 * show it next to the price: per kg or per litre for packs of 1 kg / 1 L and more, per 100 g or 100 ml below that,
 * per piece for packs counted in pieces. Read from the pack's name ('500 g', '1 L', '2 x 200 ml', 'Pack of 4',
 * '25 Tea Bags'); null when the name carries no quantity (then nothing is shown).
 */
export interface UnitPrice {
  /** paise per unit, rounded half up */
  paise: number
  unit: 'kg' | 'L' | '100 g' | '100 ml' | 'piece'
}

const MASS = /^(?:(\d{1,3})\s*[x×]\s*)?(\d+(?:\.\d+)?)\s*(kg|kgs|g|gm|gms|gram|grams|ml|l|ltr|litre|litres|liter|liters)$/i
const COUNT = /^(?:pack of\s*(\d{1,4})|(\d{1,4})\s*(?:pcs|pc|pieces|piece|tea bags|bags|sachets|units|nos|rolls|tablets|capsules))$/i

export function unitPrice(packName: string, pricePaise: number): UnitPrice | null {
  const name = packName.trim().replace(/\s+/g, ' ')
  const mass = MASS.exec(name)
  if (mass) {
    const times = mass[1] ? Number(mass[1]) : 1
    const amount = Number(mass[2]) * times
    const u = mass[3].toLowerCase()
    const liquid = u.startsWith('l') || u === 'ml'
    const base = u === 'kg' || u === 'kgs' || (liquid && u !== 'ml') ? amount * 1000 : amount // grams or millilitres
    if (!(base > 0)) return null
    return base >= 1000
      ? { paise: Math.round((pricePaise * 1000) / base), unit: liquid ? 'L' : 'kg' }
      : { paise: Math.round((pricePaise * 100) / base), unit: liquid ? '100 ml' : '100 g' }
  }
  const count = COUNT.exec(name)
  const n = count ? Number(count[1] ?? count[2]) : 0
  return n > 1 ? { paise: Math.round(pricePaise / n), unit: 'piece' } : null
}

/** '₹24.40/100 g', '₹122/kg', '₹10/piece'; null without a quantity in the pack's name. */
export function unitPriceText(packName: string, pricePaise: number): string | null {
  const u = unitPrice(packName, pricePaise)
  return u && `${formatINR(u.paise)}/${u.unit}`
}

/** The most any pack of a product takes off (whole percent of its original price): the card's 'up to N % off'. */
export function bestDiscountPercent(packs: { price: number; act_price: number }[]): number {
  return packs.reduce((best, p) => (p.act_price > p.price ? Math.max(best, Math.floor(((p.act_price - p.price) * 100) / p.act_price)) : best), 0)
}
