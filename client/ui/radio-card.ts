import { cn } from '../lib/cn'

/** A radio choice drawn as a card (checkout's address, delivery window and payment method). */
export const radioCard = (checked: boolean, disabled = false) =>
  cn(
    'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
    checked ? 'border-primary bg-primary/5' : 'border-border hover:bg-background',
    disabled && 'cursor-not-allowed opacity-50 hover:bg-transparent',
  )
