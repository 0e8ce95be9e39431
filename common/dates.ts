import dayjs, { type Dayjs } from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat.js'

dayjs.extend(customParseFormat)

/** Dates are stored and sent as YYYY-MM-DD and shown as 'MMM D, YYYY' (spec §5). */
export const ISO_DATE_FORMAT = 'YYYY-MM-DD'
export const DISPLAY_DATE_FORMAT = 'MMM D, YYYY'
export const DISPLAY_DATE_TIME_FORMAT = 'MMM D, YYYY h:mm A'
/** Legacy "no date" marker; it displays as empty. */
export const EMPTY_DATE = '00000000'
/** The years a date can have, in the date picker and in every call (PostgreSQL has no year 0; JS reads years below 100 as 19xx). */
export const PICKER_MIN_YEAR = 1900
export const PICKER_MAX_YEAR = 2099

export type DateInput = string | Date | Dayjs | null | undefined

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
/** YYYY-MM-DD, the form every call sends a day in; `isCalendarDate` also checks the day exists. */
export const ISO_DATE_PATTERN = ISO_DATE
export const CALENDAR_DATE_EXAMPLE = '2026-01-31'

/**
 * The one date rule of every contract (common/contracts/text.ts `calendarDate`): YYYY-MM-DD, a day the calendar has
 * (not 2026-13-45 or 2026-02-30), in the picker's years.
 */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false
  const [year, month, day] = value.split('-').map(Number)
  if (year < PICKER_MIN_YEAR || year > PICKER_MAX_YEAR) return false
  const d = new Date(Date.UTC(year, month - 1, day))
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day
}

/** What a call answers for a date the rule refuses; `label` names the field in the shop's words. */
export const calendarDateMessage = (label: string) =>
  `${label} must be a real date from ${PICKER_MIN_YEAR} to ${PICKER_MAX_YEAR}, written like ${CALENDAR_DATE_EXAMPLE}`

/** Parses a stored date (strictly, for YYYY-MM-DD); null when empty, '00000000' or invalid. */
export function parseDate(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '' || value === EMPTY_DATE) return null
  const d = typeof value === 'string' && ISO_DATE.test(value) ? dayjs(value, ISO_DATE_FORMAT, true) : dayjs(value)
  return d.isValid() ? d : null
}

/** '2026-11-22' → 'Nov 22, 2026'; with time → 'Nov 22, 2026 7:00 AM'; empty or invalid → ''. */
export function formatDate(value: DateInput, withTime = false): string {
  const d = parseDate(value)
  return d ? d.format(withTime ? DISPLAY_DATE_TIME_FORMAT : DISPLAY_DATE_FORMAT) : ''
}

export function formatDateTime(value: DateInput): string {
  return formatDate(value, true)
}

/** Date or dayjs → 'YYYY-MM-DD' (local calendar day). */
export function toIsoDate(value: Date | Dayjs): string {
  return dayjs(value).format(ISO_DATE_FORMAT)
}

const indiaDateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
})

/** An instant as the shop reads it, in India time whatever the server's zone: 'Nov 22, 2026, 7:05 PM'; invalid → ''. */
export function formatIndiaDateTime(value: string | Date): string {
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? '' : indiaDateTime.format(d)
}
