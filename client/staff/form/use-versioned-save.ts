import { type RefObject, useEffect, useState } from 'react'
import type { FieldValues, UseFormReset } from 'react-hook-form'
import { type $ZodType, safeParse } from 'zod/v4/core'
import { ApiError } from '../../lib/error-text'
import { useLatest } from '../../ui/use-latest'

/** A save refused with 409: the record as someone else saved it, and the fields they changed. */
export interface SaveConflict<R> {
  current: R
  changed: string[]
}

/** The 409 of a versioned save: `caught(err)` opens it when the error is the call's stale answer (its `stale` schema). */
export function useSaveConflict<R>(stale: $ZodType<SaveConflict<R>>) {
  const [conflict, setConflict] = useState<SaveConflict<R> | null>(null)
  const caught = (err: unknown) => {
    const answer = err instanceof ApiError && err.status === 409 ? safeParse(stale, err.body) : null
    if (answer?.success) setConflict({ current: answer.data.current, changed: answer.data.changed })
    return answer?.success === true
  }
  return { conflict, caught, close: () => setConflict(null) }
}

interface VersionedFormOptions<R, V extends FieldValues> {
  /** the record as last loaded (a refetch may bring someone else's newer save) */
  record: R & { version: number }
  /** the version the form's values were read at, which its save sends (the form's resolver reads it too) */
  version: RefObject<number>
  /** the form, filled from a record by `valuesOf` */
  form: { reset: UseFormReset<V>; formState: { isDirty: boolean } }
  valuesOf: (record: R) => V
  /** the save call's 409 answer */
  stale: $ZodType<SaveConflict<R & { version: number }>>
  /** saves the form again, over their version (the dialog's "Keep mine and save") */
  saveAgain: () => void
}

/**
 * A staff form that saves a versioned record (decision 0014: a save made on top of someone else's gets 409, never a
 * silent overwrite). Holds the version the form's values were read at, shows a newer one at once unless there are
 * edits, and gives the ConflictDialog what it needs: reload theirs, or keep mine and save over theirs knowingly.
 */
export function useVersionedForm<R, V extends FieldValues>({ record, version, form, valuesOf, stale, saveAgain }: VersionedFormOptions<R, V>) {
  const { conflict, caught, close } = useSaveConflict(stale)
  const latest = useLatest({ form, valuesOf })

  // A newer version arrived (someone else's save seen on refetch): shown at once unless there are edits, which a save
  // then checks against it (409). An older answer arriving late changes nothing.
  useEffect(() => {
    const { form, valuesOf } = latest.current
    if (record.version <= version.current || form.formState.isDirty) return
    version.current = record.version
    form.reset(valuesOf(record))
  }, [record, version, latest])

  const takeTheirs = (theirs: R & { version: number }) => {
    version.current = theirs.version
    close()
  }
  return {
    /** a save's answer: the form is now at its version */
    saved: (answer: { version: number }) => {
      version.current = answer.version
    },
    /** a refused save: true when someone else saved in between (the dialog opens) */
    caught,
    conflict,
    /** the ConflictDialog's open state and buttons */
    dialog: {
      open: conflict !== null,
      onClose: close,
      onReloadTheirs: () => {
        if (!conflict) return
        takeTheirs(conflict.current)
        form.reset(valuesOf(conflict.current))
      },
      onKeepMine: () => {
        if (!conflict) return
        takeTheirs(conflict.current)
        saveAgain()
      },
    },
  }
}
