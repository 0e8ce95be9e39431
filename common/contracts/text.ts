import * as z from 'zod/mini'

/** U+0000, or half of a surrogate pair (a code unit without its partner). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what this refuses
const NOT_ALLOWED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** PostgreSQL refuses U+0000 in text and jsonb, and stores half a surrogate pair as U+FFFD. */
export const isAllowedText = (s: string) => !NOT_ALLOWED.test(s)

type StringCheck = Parameters<z.ZodMiniString['check']>[number]

/**
 * Every string a call accepts is made here (text.test.ts checks each contract), so text the database cannot hold
 * answers 422 with the field's label instead of failing in SQL. The field's own checks come first: a format
 * message ("Please enter a valid pincode") says more than this one.
 */
export const text = (label: string, checks: StringCheck[] = [], params?: Parameters<typeof z.string>[0]) =>
  z.string(params).check(...checks, z.refine(isAllowedText, `${label} contains characters that are not allowed`))
