import * as z from 'zod/mini'

/** Fields the counter's calls share (common/contracts/pos.ts, pos-registers.ts, pos-shifts.ts): rupees, counts and ids. */

export const int = () => z.number().check(z.int())

export const Rupees = (label: string, max = 10_000_000) =>
  z.number({ error: `${label} must be a number` }).check(
    z.gte(0, `${label} cannot be negative`),
    z.lte(max, `${label} is too large`),
    z.refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} may have at most two decimals`),
  )
export const Count = (label: string, min = 1) =>
  z
    .number({ error: `${label} must be a number` })
    .check(z.int(`${label} must be a whole number`), z.gte(min, `${label} must be ${min} or more`), z.lte(10_000, `${label} is too large`))
export const Id = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .check(z.int(`${label} must be a whole number`), z.positive(`${label} must be positive`), z.lte(2_147_483_647, `${label} is too large`))
