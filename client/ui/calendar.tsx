import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import dayjs, { type Dayjs } from 'dayjs'
import { cn } from '../lib/cn'
import { ISO_DATE_FORMAT, PICKER_MAX_YEAR, PICKER_MIN_YEAR } from '../../common/dates'
import { ChevronLeftIcon, ChevronRightIcon } from './icons'

const MONTHS = Array.from({ length: 12 }, (_, m) => dayjs().month(m).format('MMMM'))
const YEARS = Array.from({ length: PICKER_MAX_YEAR - PICKER_MIN_YEAR + 1 }, (_, i) => PICKER_MIN_YEAR + i)
const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']
const STEP: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }

function clampYear(d: Dayjs): Dayjs {
  if (d.year() < PICKER_MIN_YEAR) return d.year(PICKER_MIN_YEAR).startOf('year')
  if (d.year() > PICKER_MAX_YEAR) return d.year(PICKER_MAX_YEAR).endOf('year').startOf('day')
  return d
}

export interface CalendarProps {
  selected: Dayjs | null
  onPick: (isoDate: string) => void
}

/** Month grid with month/year selects (years 1900–2099); arrow keys move between days. */
export function Calendar({ selected, onPick }: CalendarProps) {
  const [cursor, setCursor] = useState(() => clampYear(selected ?? dayjs()).startOf('day'))
  const gridRef = useRef<HTMLTableElement>(null)
  const focusCursor = useRef(false)

  useEffect(() => {
    if (!focusCursor.current) return
    focusCursor.current = false
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus()
  }, [cursor])

  const first = cursor.startOf('month')
  const days = Array.from({ length: first.day() }, () => null as Dayjs | null).concat(Array.from({ length: cursor.daysInMonth() }, (_, i) => first.date(i + 1)))
  const weeks = Array.from({ length: Math.ceil(days.length / 7) }, (_, w) => days.slice(w * 7, w * 7 + 7))
  const today = dayjs()

  function onGridKeyDown(e: KeyboardEvent) {
    const step = STEP[e.key]
    if (!step) return
    e.preventDefault()
    focusCursor.current = true
    setCursor((c) => clampYear(c.add(step, 'day')))
  }

  return (
    <div className="w-72 p-3">
      <div className="mb-2 flex items-center gap-1">
        <button
          type="button"
          aria-label="Previous month"
          className="rounded p-1.5 hover:bg-background"
          onClick={() => setCursor((c) => clampYear(c.subtract(1, 'month')))}
        >
          <ChevronLeftIcon className="size-4" />
        </button>
        <select
          aria-label="Month"
          value={cursor.month()}
          onChange={(e) => setCursor((c) => c.month(Number(e.target.value)))}
          className="h-8 flex-1 rounded border border-border bg-surface px-1 text-sm"
        >
          {MONTHS.map((name, m) => (
            <option key={name} value={m}>
              {name}
            </option>
          ))}
        </select>
        <select
          aria-label="Year"
          value={cursor.year()}
          onChange={(e) => setCursor((c) => c.year(Number(e.target.value)))}
          className="h-8 rounded border border-border bg-surface px-1 text-sm"
        >
          {YEARS.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
        <button
          type="button"
          aria-label="Next month"
          className="rounded p-1.5 hover:bg-background"
          onClick={() => setCursor((c) => clampYear(c.add(1, 'month')))}
        >
          <ChevronRightIcon className="size-4" />
        </button>
      </div>
      <table ref={gridRef} className="w-full text-center text-sm" onKeyDown={onGridKeyDown}>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" className="py-1 font-medium text-muted">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((d, i) => (
                <td key={i} className="p-0.5">
                  {d && (
                    <button
                      type="button"
                      tabIndex={d.isSame(cursor, 'day') ? 0 : -1}
                      aria-label={d.format('MMMM D, YYYY')}
                      aria-pressed={selected ? d.isSame(selected, 'day') : false}
                      aria-current={d.isSame(today, 'day') ? 'date' : undefined}
                      data-date={d.format(ISO_DATE_FORMAT)}
                      onClick={() => onPick(d.format(ISO_DATE_FORMAT))}
                      className={cn(
                        'size-8 rounded-full hover:bg-background',
                        d.isSame(today, 'day') && 'font-semibold text-primary',
                        selected && d.isSame(selected, 'day') && 'bg-primary text-on-primary hover:bg-primary',
                      )}
                    >
                      {d.date()}
                    </button>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
