// The calendar-day rule of every contract, without a date library: contracts load with the shopper's first page
// (issue 31), dayjs (common/dates.ts) only with the screens that format dates.

/** The years a date can have, in the date picker and in every call (PostgreSQL has no year 0; JS reads years below 100 as 19xx). */
export const PICKER_MIN_YEAR = 1900
export const PICKER_MAX_YEAR = 2099

/** YYYY-MM-DD, the form every call sends a day in; `isCalendarDate` also checks the day exists. */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/
export const CALENDAR_DATE_EXAMPLE = '2026-01-31'

/**
 * The one date rule of every contract (common/contracts/text.ts `calendarDate`): YYYY-MM-DD, a day the calendar has
 * (not 2026-13-45 or 2026-02-30), in the picker's years.
 */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false
  const [year, month, day] = value.split('-').map(Number)
  if (year < PICKER_MIN_YEAR || year > PICKER_MAX_YEAR) return false
  const d = new Date(Date.UTC(year, month - 1, day))
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day
}

/** What a call answers for a date the rule refuses; `label` names the field in the shop's words. */
export const calendarDateMessage = (label: string) =>
  `${label} must be a real date from ${PICKER_MIN_YEAR} to ${PICKER_MAX_YEAR}, written like ${CALENDAR_DATE_EXAMPLE}`
