import { useId, useState, type ComponentProps } from 'react'
import { cn } from '../lib/cn'

export const FILE_PLACEHOLDER = 'Choose a file…'

export interface FileFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'onChange' | 'value' | 'multiple'> {
  label?: string
  onFileChange?: (file: File | null) => void
  placeholder?: string
  error?: string
}

/** Single-file input: the native input stays focusable (visually hidden) behind a styled box showing the file name. */
export function FileField({ label, onFileChange, placeholder = FILE_PLACEHOLDER, error, id, className, disabled, ...props }: FileFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const errorId = `${inputId}-error`
  const [name, setName] = useState('')

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {label && (
        <span id={`${inputId}-label`} className="text-sm font-medium">
          {label}
        </span>
      )}
      <label
        htmlFor={inputId}
        className={cn(
          'flex h-10 cursor-pointer items-center gap-3 rounded-md border border-border bg-surface text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary',
          disabled && 'cursor-not-allowed opacity-60',
          error && 'border-danger',
        )}
      >
        <input
          id={inputId}
          type="file"
          className="sr-only"
          disabled={disabled}
          aria-labelledby={label ? `${inputId}-label` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null
            setName(file?.name ?? '')
            onFileChange?.(file)
          }}
          {...props}
        />
        <span className="h-full content-center rounded-l-md border-r border-border bg-background px-3 font-medium">Browse</span>
        <span data-testid="file-name" className={cn('truncate pr-3', !name && 'text-muted')}>
          {name || placeholder}
        </span>
      </label>
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  )
}
