/**
 * How a shopper's words and a product's words are reduced to comparable tokens (docs/decisions/0035-search.md):
 * Devanagari transliterated to Latin, units and sizes joined and spelled one way ('1 Kg', '1kgs' → '1kg'),
 * plurals stemmed, and a phonetic key that makes Hinglish spellings meet (aata, atta, आटा → 'ata').
 */

const VOWELS: Record<string, string> = { अ: 'a', आ: 'a', इ: 'i', ई: 'i', उ: 'u', ऊ: 'u', ऋ: 'ri', ए: 'e', ऐ: 'ai', ओ: 'o', औ: 'au', ऑ: 'o' }
const MATRAS: Record<string, string> = { 'ा': 'a', 'ि': 'i', 'ी': 'i', 'ु': 'u', 'ू': 'u', 'ृ': 'ri', 'े': 'e', 'ै': 'ai', 'ो': 'o', 'ौ': 'au', 'ॉ': 'o' }
const CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
  क़: 'k',
  ख़: 'kh',
  ग़: 'g',
  ज़: 'z',
  ड़: 'r',
  ढ़: 'rh',
  फ़: 'f',
  य़: 'y',
}
const NUKTA_BASE: Record<string, string> = { क: 'क़', ख: 'ख़', ग: 'ग़', ज: 'ज़', ड: 'ड़', ढ: 'ढ़', फ: 'फ़', य: 'य़' }
const DIGITS = '०१२३४५६७८९'

/** Devanagari → Latin as Hindi speakers write it in Roman letters (inherent 'a' dropped at a word's end). */
export function transliterate(text: string): string {
  if (!/[\u0900-\u097F]/.test(text)) return text
  const chars = [...text.normalize('NFC')]
  let out = ''
  for (let i = 0; i < chars.length; i++) {
    let c = chars[i]!
    if (chars[i + 1] === '़' && NUKTA_BASE[c]) {
      c = NUKTA_BASE[c]!
      i++
    }
    const digit = DIGITS.indexOf(c)
    if (digit >= 0) out += String(digit)
    else if (VOWELS[c]) out += VOWELS[c]
    else if (CONSONANTS[c]) {
      out += CONSONANTS[c]
      const next = chars[i + 1]
      if (next === '्') i++
      else if (next && MATRAS[next]) {
        out += MATRAS[next]
        i++
      } else if (next && /[\u0900-\u097F]/.test(next) && next !== 'ं' && next !== 'ँ' && next !== 'ः') out += 'A'
      else if (next === 'ं' || next === 'ँ') out += 'a'
    } else if (c === 'ं' || c === 'ँ') out += 'n'
    else if (c === 'ः') out += 'h'
    else if (c === '।' || c === '॥') out += ' '
    else if (/[\u0900-\u097F]/.test(c)) continue
    else out += c
  }
  // Hindi drops the inherent vowel between a vowel-consonant and a consonant-vowel: सरसों sarson, बासमती basmati
  // (left to right, one consonant either side: each dropped vowel changes what its right neighbour sees)
  for (let i = out.indexOf('A'); i >= 0; i = out.indexOf('A', i + 1)) {
    if (/[aeiouA][b-df-hj-np-tv-z]h?$/.test(out.slice(0, i)) && /^[b-df-hj-np-tv-z]h?[aeiouA]/.test(out.slice(i + 1)))
      out = out.slice(0, i) + out.slice(i-- + 1)
  }
  return out.replace(/A/g, 'a')
}

const UNITS: Record<string, string> = {
  kg: 'kg',
  kgs: 'kg',
  kilo: 'kg',
  kilos: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  g: 'g',
  gm: 'g',
  gms: 'g',
  gram: 'g',
  grams: 'g',
  gr: 'g',
  grm: 'g',
  grms: 'g',
  l: 'l',
  lt: 'l',
  ltr: 'l',
  ltrs: 'l',
  litre: 'l',
  litres: 'l',
  liter: 'l',
  liters: 'l',
  ml: 'ml',
  mls: 'ml',
  millilitre: 'ml',
  millilitres: 'ml',
  milliliter: 'ml',
}

/** '1000 g' → '1kg', '0.5 kg' → '500g': one spelling per size, so a query and a pack name meet. */
export function sizeToken(amount: string, unit: string): string | null {
  const u = UNITS[unit]
  const n = Number(amount)
  if (!u || !Number.isFinite(n) || n <= 0) return null
  if ((u === 'g' || u === 'ml') && n >= 1000 && n % 1000 === 0) return `${n / 1000}${u === 'g' ? 'kg' : 'l'}`
  if ((u === 'kg' || u === 'l') && n < 1) return `${Math.round(n * 1000)}${u === 'kg' ? 'g' : 'ml'}`
  return `${n}${u}`
}

/** Plural → singular, for English product words (rusks, cloves, cookies, tomatoes). */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word
  if (word.endsWith('ies') && word.length > 4) return word.slice(0, -1)
  if (/(?:ches|shes|sses|xes|atoes|angoes)$/.test(word)) return word.slice(0, -2)
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1)
  return word
}

/** Hinglish spellings of one sound to one key: aata/atta/ata, doodh/dudh, chaawal/chawal, jeera/jira. */
export function phonetic(word: string): string {
  return word
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/ph/g, 'f')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    .replace(/q/g, 'k')
    .replace(/([a-z])\1+/g, '$1')
    .replace(/(.)h/g, (m, c: string) => (c === 'c' || c === 's' ? m : c))
    .replace(/ay(?=[^aeiou]|$)/g, 'ai')
    .replace(/(?:y|ie)$/, 'i')
}

export interface Word {
  /** as compared with the index: lower case, stemmed, sizes joined ('1kg') */
  token: string
  /** a size or a number: it sorts the answers but is not required */
  size: boolean
}

const STOP = new Set(['for', 'of', 'the', 'and', 'with', 'in', 'a', 'an', 'ka', 'ki', 'ke', 'aur', 'wala', 'wali', 'wale', 'se', 'me', 'mein'])

/** A text (query or product field) as tokens; stop words left out. */
export function words(text: string): Word[] {
  const raw = (transliterate(text.toLowerCase()).match(/[\p{L}\p{N}]+(?:\.\d+)?/gu) ?? []) as string[]
  const out: Word[] = []
  for (let i = 0; i < raw.length; i++) {
    const w = raw[i]!
    // '500ml', '1.5kg' in one word, or '500' then 'ml'
    const glued = /^(\d+(?:\.\d+)?)([a-z]+)$/.exec(w)
    if (glued) {
      const size = sizeToken(glued[1]!, glued[2]!)
      if (size) {
        out.push({ token: size, size: true })
        continue
      }
    }
    if (/^\d+(?:\.\d+)?$/.test(w)) {
      const size = raw[i + 1] ? sizeToken(w, raw[i + 1]!) : null
      if (size) {
        out.push({ token: size, size: true })
        i++
      } else out.push({ token: w, size: true })
      continue
    }
    if (STOP.has(w) || (UNITS[w] && w.length <= 3)) continue
    out.push({ token: stem(w), size: false })
  }
  return out
}

/** Edit distance with transpositions, giving up above `max` (Damerau, optimal string alignment). */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let prev2: number[] = []
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1)
      cur.push(v)
      if (v < best) best = v
    }
    if (best > max) return max + 1
    prev2 = prev
    prev = cur
  }
  return prev[b.length]!
}

/** Typos allowed by a word's length: none up to 3 letters, one up to 7, two beyond. */
export const typosAllowed = (word: string) => (word.length <= 3 ? 0 : word.length <= 7 ? 1 : 2)

/** A text's tokens joined by one space ('Tata  SALT 1 Kg' → 'tata salt 1kg'): names compared as the index sees them. */
export function normaliseName(text: string): string {
  return words(text)
    .map((w) => w.token)
    .join(' ')
}

/** A word's phonetic key, remembered (the same words come back in many queries): bounded. */
const phoneticKeys = new Map<string, string>()
export function phoneticKey(token: string): string {
  let key = phoneticKeys.get(token)
  if (key === undefined) {
    if (phoneticKeys.size >= 50_000) phoneticKeys.clear()
    phoneticKeys.set(token, (key = phonetic(token)))
  }
  return key
}

/** The phonetic key of a query's words, as groupKey makes it. */
export const phraseKey = (ws: Word[]) => ws.map((w) => phoneticKey(w.token)).join(' ')

/** A dictionary or staff term as looked up: its words stemmed and phonetic ('Kabuli Chane' → 'kabuli chane'). */
export const groupKey = (text: string): string => phraseKey(words(text))
