import * as z from 'zod/mini'
import { CALENDAR_DATE_EXAMPLE, calendarDateMessage, ISO_DATE_PATTERN, isCalendarDate } from '../calendar-date'

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

/**
 * A day in a call (YYYY-MM-DD): the one date rule of every contract (common/calendar-date.ts), so a day the calendar does
 * not have (2026-13-45, 2026-02-30) answers 422 on its field and never reaches a query.
 */
export const calendarDate = (label: string) => {
  const message = calendarDateMessage(label)
  return text(label, [z.trim(), z.regex(ISO_DATE_PATTERN, { message, abort: true }), z.refine(isCalendarDate, message)])
}

const isOnCalendarDay = (dateTime: string) => isCalendarDate(dateTime.slice(0, 10))

/** A moment in a call (2026-01-31T09:30:00+05:30): an ISO date-time with its offset, on a day the date rule takes. */
export const calendarDateTime = (label: string) => {
  const message = `${label} must be a date and time with its offset, like ${CALENDAR_DATE_EXAMPLE}T09:30:00+05:30`
  return text(label, [z.iso.datetime({ offset: true, message, abort: true }), z.refine(isOnCalendarDay, message)])
}

/** The date rules' own checks, so a test can tell a date field that has them (text.test.ts). */
export const DATE_CHECKS: readonly unknown[] = [isCalendarDate, isOnCalendarDay]
