import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import type { SiteEditorAnswer, SiteGroup } from '../../../common/contracts/admin-site'
import { errorText } from '../../lib/error-text'
import { fieldErrors } from '../../lib/field-errors'
import { Button } from '../../ui/button'
import { FormAlert } from '../../ui/form-alert'
import { Spinner } from '../../ui/spinner'
import { toast } from '../../ui/toast'
import { ConflictDialog } from '../../staff/form/conflict-dialog'
import { useUnsavedChanges } from '../../staff/form/use-unsaved-changes'
import { useSaveConflict } from '../../staff/form/use-versioned-save'
import { PageHeader } from '../../staff/ui/page-header'
import { SAVE_CALLS, useSaveGroup, useSiteEditor } from './api'
import { previewPatch } from './preview-patch'
import { SitePreview } from './site-preview'

export type Errors = Record<string, string>

export interface GroupForm<V> {
  values: V
  set: (update: (v: V) => V) => void
  errors: Errors
  /** the server's message for a field path ('navs.2.link'), else undefined */
  error: (path: string) => string | undefined
  answer: SiteEditorAnswer
}

interface Props<V> {
  group: SiteGroup
  title: string
  description: string
  /** the group's form values from the settings answer */
  valuesOf: (a: SiteEditorAnswer) => V
  /** the body to save (without version) */
  toBody: (v: V) => Record<string, unknown>
  /** what the unsaved-changes guard and the conflict dialog call the group */
  what: string
  /** asked before a save (the theme's contrast check): false keeps the form as it is, unsaved */
  confirmSave?: (values: V) => Promise<boolean>
  children: (form: GroupForm<V>) => ReactNode
}

/**
 * One settings group's screen: loads the settings, keeps what is typed (also when a save is refused), shows the
 * server's per-field messages, and on 409 offers to reload theirs or save over them knowingly.
 */
export function GroupScreen<V>(props: Props<V>) {
  const found = useSiteEditor()
  if (found.isPending)
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading the website settings" className="size-6 text-primary" />
      </div>
    )
  if (!found.data) return <PageHeader title={props.title} description={`The settings could not be loaded: ${errorText(found.error)}`} />
  return <GroupFormView {...props} answer={found.data} />
}

function GroupFormView<V>({ group, title, description, valuesOf, toBody, what, confirmSave, children, answer }: Props<V> & { answer: SiteEditorAnswer }) {
  const save = useSaveGroup(group)
  const version = useRef(answer.versions[group])
  const [values, setValues] = useState<V>(() => valuesOf(answer))
  const [dirty, setDirty] = useState(false)
  const [errors, setErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const { conflict, caught, close } = useSaveConflict(SAVE_CALLS[group].stale)
  useUnsavedChanges(dirty, `your changes to ${what}`)

  useEffect(() => {
    if (answer.versions[group] <= version.current || dirty) return
    version.current = answer.versions[group]
    setValues(valuesOf(answer))
  }, [answer, group, dirty, valuesOf])

  const set = (update: (v: V) => V) => {
    setValues(update)
    setDirty(true)
  }

  const submit = (over?: number) => {
    setFormError(null)
    save.mutate(
      { ...toBody(values), version: over ?? version.current },
      {
        onSuccess: (saved) => {
          version.current = saved.versions[group]
          setValues(valuesOf(saved))
          setErrors({})
          setDirty(false)
          close()
          toast.success(`${title} saved`)
        },
        onError: (err) => {
          if (caught(err)) return
          const fields = fieldErrors(err)
          setErrors(fields)
          const count = Object.keys(fields).length
          setFormError(count ? `${count === 1 ? 'One field needs' : `${count} fields need`} a fix before saving: see the messages below.` : errorText(err))
        },
      },
    )
  }

  const form: GroupForm<V> = { values, set, errors, error: (path) => errors[path], answer }
  const patch = useMemo(() => previewPatch(group, toBody(values)), [group, toBody, values])
  return (
    <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(380px,1fr)]">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          if (!confirmSave) return submit()
          void confirmSave(values).then((yes) => yes && submit())
        }}
        className="flex max-w-4xl flex-col gap-5"
      >
        <PageHeader
          title={title}
          description={description}
          actions={
            <div className="flex items-center gap-2">
              <a href="/" target="_blank" rel="noopener noreferrer" className="text-sm font-medium text-primary underline-offset-2 hover:underline">
                View the store
              </a>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </div>
          }
        />
        <FormAlert message={formError} />
        {children(form)}
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </div>
      </form>
      <ConflictDialog
        open={conflict !== null}
        what={what}
        rows={conflict ? conflict.changed.map((f) => ({ label: f, theirs: 'Changed', mine: 'Your version' })) : []}
        saving={save.isPending}
        onClose={close}
        onReloadTheirs={() => {
          if (!conflict) return
          version.current = conflict.current.versions[group]
          setValues(valuesOf(conflict.current))
          setDirty(false)
          close()
        }}
        onKeepMine={() => {
          if (!conflict) return
          version.current = conflict.current.versions[group]
          submit(conflict.current.versions[group])
        }}
      />
      <div className="min-w-0 xl:sticky xl:top-20">
        <SitePreview patch={patch} />
      </div>
    </div>
  )
}

/* ---------- small fields that read and write one value of the form ---------- */

export function Check({ label, hint, checked, onChange }: { label: string; hint?: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input type="checkbox" className="mt-0.5 size-4 accent-primary" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        <span className="font-medium">{label}</span>
        {hint && <span className="block text-muted">{hint}</span>}
      </span>
    </label>
  )
}
