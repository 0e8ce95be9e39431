import * as z from 'zod/mini'

/** The largest whole number the database's integer columns hold: ids, versions, quantities, positions, paise. */
export const INT_MAX = 2_147_483_647

/**
 * A whole number in a call's body, within what the database holds, so a larger one answers 422 on its field
 * instead of failing in SQL (text.test.ts checks every contract's numbers).
 */
export const wholeNumber = (min = 0, max = INT_MAX) => z.number().check(z.int(), z.gte(min), z.lte(max))
