import { describe, it, expect } from 'vitest'
import dayjs from 'dayjs'
import { calendarDateMessage, formatDate, formatDateTime, isCalendarDate, parseDate, toIsoDate, PICKER_MAX_YEAR, PICKER_MIN_YEAR } from './dates'

describe('formatDate', () => {
  it.each([
    ['2026-11-22', 'Nov 22, 2026'],
    ['2026-01-05', 'Jan 5, 2026'],
    ['1900-01-01', 'Jan 1, 1900'],
    ['00000000', ''],
    ['', ''],
    [null, ''],
    [undefined, ''],
    ['not a date', ''],
    ['2026-13-40', ''],
    ['2026-02-30', ''],
  ])('%s → %s', (value, text) => {
    expect(formatDate(value)).toBe(text)
  })

  it('adds the time when asked', () => {
    expect(formatDate('2026-11-22T07:00:00', true)).toBe('Nov 22, 2026 7:00 AM')
    expect(formatDateTime('2026-11-22T19:05:00')).toBe('Nov 22, 2026 7:05 PM')
    expect(formatDateTime('00000000')).toBe('')
  })

  it('accepts Date and dayjs values', () => {
    expect(formatDate(new Date(2026, 10, 22))).toBe('Nov 22, 2026')
    expect(formatDate(dayjs('2026-11-22'))).toBe('Nov 22, 2026')
  })
})

describe('parseDate / toIsoDate', () => {
  it('parses stored dates strictly', () => {
    expect(parseDate('2026-11-22')?.date()).toBe(22)
    expect(parseDate('2026-02-29')).toBeNull()
    expect(parseDate('2028-02-29')?.month()).toBe(1)
  })

  it('formats a local calendar day', () => {
    expect(toIsoDate(new Date(2026, 10, 22, 23, 59))).toBe('2026-11-22')
    expect(toIsoDate(dayjs('2026-01-02'))).toBe('2026-01-02')
  })

  it('has the picker year range', () => {
    expect([PICKER_MIN_YEAR, PICKER_MAX_YEAR]).toEqual([1900, 2099])
  })
})

describe('the calendar date rule of every call', () => {
  it('takes a real day of the calendar, written YYYY-MM-DD, in the picker’s years', () => {
    for (const day of ['2026-01-31', '2024-02-29', '2000-02-29', '1900-01-01', '2099-12-31', '2026-12-31']) expect(isCalendarDate(day), day).toBe(true)
  })

  it('refuses a day the calendar does not have, another spelling, and years outside the picker', () => {
    for (const day of [
      '2026-13-45',
      '2026-02-30',
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-00-10',
      '2026-01-00',
      '0000-01-01',
      '0099-01-01',
      '1899-12-31',
      '2100-01-01',
      '2026-1-31',
      '26-01-31',
      '2026/01/31',
      '2026-01-31T00:00:00Z',
      ' 2026-01-31',
      '',
      'yesterday',
      '２０２６-01-31',
    ])
      expect(isCalendarDate(day), day).toBe(false)
  })

  it('says what is wrong and how to write it', () => {
    expect(calendarDateMessage('From date')).toBe('From date must be a real date from 1900 to 2099, written like 2026-01-31')
  })
})
