import { useId, useRef, useState, type ComponentProps } from 'react'
import { cn } from '../lib/cn'
import { formatDate, parseDate } from '../../common/dates'
import { Popper } from './popper'
import { Calendar } from './calendar'

export interface DatePickerProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type' | 'readOnly'> {
  /** Stored form 'YYYY-MM-DD'; '' or '00000000' means no date. */
  value: string
  onChange: (value: string) => void
  /** Offer a Clear button in the calendar (for optional dates). */
  clearable?: boolean
}

/**
 * Read-only text input showing 'MMM D, YYYY'. The calendar opens on focus or click and closes on
 * pick, Escape or a press outside. ArrowDown moves focus into the calendar.
 */
export function DatePicker({ value, onChange, clearable = false, disabled, className, id, onFocus, onClick, onKeyDown, ...props }: DatePickerProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const calendarId = `${inputId}-calendar`
  const inputRef = useRef<HTMLInputElement>(null)
  const returningFocus = useRef(false)
  const [open, setOpen] = useState(false)
  const selected = parseDate(value)

  function close() {
    setOpen(false)
    // Focus inside the calendar would be lost when it unmounts; give it back without reopening.
    if (document.getElementById(calendarId)?.contains(document.activeElement)) {
      returningFocus.current = true
      inputRef.current?.focus({ preventScroll: true })
    }
  }

  function pick(next: string) {
    onChange(next)
    close()
  }

  return (
    <>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the read-only box opens the calendar dialog (aria-haspopup) */}
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        readOnly
        disabled={disabled}
        value={formatDate(value)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? calendarId : undefined}
        autoComplete="off"
        className={cn(
          'h-10 w-full cursor-pointer rounded-md border border-border bg-surface px-3 text-sm outline-none focus:border-primary disabled:opacity-60',
          className,
        )}
        onFocus={(e) => {
          if (returningFocus.current) returningFocus.current = false
          else setOpen(true)
          onFocus?.(e)
        }}
        onClick={(e) => {
          setOpen(true)
          onClick?.(e)
        }}
        onKeyDown={(e) => {
          onKeyDown?.(e)
          if (e.key === 'ArrowDown' || e.key === 'Enter') {
            e.preventDefault()
            setOpen(true)
            document.getElementById(calendarId)?.querySelector<HTMLElement>('button[tabindex="0"]')?.focus()
          } else if (e.key === 'Tab') setOpen(false)
        }}
        {...props}
      />
      <Popper id={calendarId} role="dialog" aria-label="Choose date" anchorRef={inputRef} open={open} disabled={disabled} onClose={close}>
        <Calendar selected={selected} onPick={pick} />
        {clearable && selected && (
          <div className="border-t border-border px-3 py-2 text-right">
            <button type="button" className="text-sm text-primary hover:underline" onClick={() => pick('')}>
              Clear
            </button>
          </div>
        )}
      </Popper>
    </>
  )
}
