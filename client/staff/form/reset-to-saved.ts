import { flushSync } from 'react-dom'
import type { FieldValues, UseFormReset } from 'react-hook-form'

/**
 * After a save: the form takes the saved values and is clean, and the unsaved-changes guard is lifted, before
 * anything else (the 'Saved' toast) is painted. Without flushSync the toast can paint first, and a link clicked
 * at that moment asks about changes that are already saved.
 */
export function resetToSaved<T extends FieldValues>(reset: UseFormReset<T>, values: T) {
  flushSync(() => reset(values))
}
