import type { ComponentProps } from 'react'
import { cn } from '../lib/cn'
import { Spinner } from './spinner'

// Plain maps instead of cva: class-variance-authority is not installed, and these two axes are enough.
const variants = {
  primary: 'bg-primary text-on-primary hover:bg-primary/90',
  outline: 'border border-border bg-surface text-text hover:bg-background',
  /** outline with the primary colour's border: a product card's Add to Cart (.btn-framed in client/index.css, 24 to a list page) */
  framed: 'btn-framed',
  ghost: 'bg-transparent text-text hover:bg-background',
  link: 'h-auto bg-transparent px-0 text-primary underline-offset-4 hover:underline',
  danger: 'bg-danger text-white hover:bg-danger/90',
} as const

const sizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10 p-0',
} as const

export type ButtonVariant = keyof typeof variants
export type ButtonSize = keyof typeof sizes

export function buttonClasses({ variant = 'primary', size = 'md', className }: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  // .btn (client/index.css): the base every button shares, one class rather than 150 bytes on every button of a page
  return cn('btn', sizes[size], variants[variant], className)
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Shows a spinner, sets aria-busy and disables the button while a call runs. */
  loading?: boolean
}

export function Button({ variant, size, loading = false, disabled, className, type = 'button', children, ...props }: ButtonProps) {
  return (
    <button type={type} disabled={disabled || loading} aria-busy={loading || undefined} className={buttonClasses({ variant, size, className })} {...props}>
      {loading && <Spinner data-testid="button-spinner" />}
      {children}
    </button>
  )
}
