/**
 * GSTIN: 15 characters, e.g. 29AABCT1332L1ZT: the state code (2 digits), the holder's PAN (5 letters, 4 digits,
 * 1 letter), the registration's number within that PAN in the state (1-9, then A-Z), "Z" (by default), and a
 * check character over the first 14 (mod-36, weights 1 and 2 alternately, as the GST network computes it).
 */

/** GST state codes of the states and union territories as INDIAN_STATES (common/rules/address.ts) writes them. */
export const GST_STATE_CODES: Record<string, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
}

/** Codes of registrations made before a merger or a split that are still valid: Daman and Diu (25), Andhra Pradesh before 2014 (28). */
const OLDER_CODES: Record<string, string> = { '25': 'Dadra and Nagar Haveli and Daman and Diu', '28': 'Andhra Pradesh' }

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/

/** The check character of the first 14 characters. */
export function gstinCheckChar(first14: string): string {
  let sum = 0
  for (let i = 0; i < 14; i++) {
    const product = CHARS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return CHARS[(36 - (sum % 36)) % 36]
}

/** The state a GSTIN is registered in, or null for a code no state has. */
export function gstinState(gstin: string): string | null {
  const code = gstin.slice(0, 2)
  return Object.entries(GST_STATE_CODES).find(([, c]) => c === code)?.[0] ?? OLDER_CODES[code] ?? null
}

/** What is wrong with a GSTIN (null: nothing); `state` (optional) must be the state it is registered in. */
export function gstinProblem(gstin: string, state?: string): string | null {
  const g = gstin.trim().toUpperCase()
  if (g.length !== 15) return 'A GSTIN has 15 characters'
  if (!GSTIN_PATTERN.test(g)) return 'A GSTIN looks like 29ABCDE1234F1Z5: state code, PAN, entity number, Z, check character'
  const registered = gstinState(g)
  if (!registered) return `${g.slice(0, 2)} is not a GST state code`
  if (gstinCheckChar(g.slice(0, 14)) !== g[14]) return 'This GSTIN’s check character is wrong: check it for a typing mistake'
  if (state && registered !== state) return `This GSTIN is registered in ${registered} (state code ${g.slice(0, 2)}), not ${state}`
  return null
}
