import dayjs, { type Dayjs } from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat.js'
import { ISO_DATE_PATTERN } from './calendar-date'

dayjs.extend(customParseFormat)

/** Dates are stored and sent as YYYY-MM-DD and shown as 'MMM D, YYYY' (spec §5). */
export const ISO_DATE_FORMAT = 'YYYY-MM-DD'
export const DISPLAY_DATE_FORMAT = 'MMM D, YYYY'
export const DISPLAY_DATE_TIME_FORMAT = 'MMM D, YYYY h:mm A'
/** Legacy "no date" marker; it displays as empty. */
export const EMPTY_DATE = '00000000'
export { calendarDateMessage, isCalendarDate, PICKER_MAX_YEAR, PICKER_MIN_YEAR } from './calendar-date'

export type DateInput = string | Date | Dayjs | null | undefined

/** Parses a stored date (strictly, for YYYY-MM-DD); null when empty, '00000000' or invalid. */
export function parseDate(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '' || value === EMPTY_DATE) return null
  const d = typeof value === 'string' && ISO_DATE_PATTERN.test(value) ? dayjs(value, ISO_DATE_FORMAT, true) : dayjs(value)
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
