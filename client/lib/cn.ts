import { type ClassValue, clsx } from 'clsx'

/**
 * Joins class names. There is no Tailwind class merging (tailwind-merge would cost 9 KB of the shopper's
 * 120 KB budget): a primitive's `className` adds classes, it must not fight its variants. Add a variant instead.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs)
}
