import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { type AdminCategory, createAdminCategory, updateAdminCategory } from '../../../../common/contracts/admin-catalogue'
import { ApiError, errorText } from '../../../lib/error-text'
import { Button } from '../../../ui/button'
import { Drawer } from '../../../ui/drawer'
import { FormAlert } from '../../../ui/form-alert'
import { TextField } from '../../../ui/form-field'
import { SelectField } from '../../../ui/select-field'
import { toast } from '../../../ui/toast'
import { contractResolver } from '../../../staff/form/contract-resolver'
import { showServerErrors } from '../../../staff/form/server-errors'
import { useCreateCategory, useUpdateCategory } from './api'
import { categoryTree, type CategoryNode } from './category-tree'
import { SingleImageField } from '../../../staff/form/single-image-field'

interface CategoryFormValues {
  name: string
  slug: string
  parent: string
  avatar: string | null
}

/** What the drawer edits: a new category (under `parentId`) or an existing one. */
export type CategoryEditing = { mode: 'create'; parentId: number | null } | { mode: 'edit'; category: AdminCategory }

const FIELDS = ['name', 'slug', 'avatar']
const TOP = 'top'
const createResolver = contractResolver(createAdminCategory.body, {
  toInput: (v: CategoryFormValues) => ({
    name: v.name,
    slug: v.slug.trim() || undefined,
    parent_id: v.parent === TOP ? null : Number(v.parent),
    avatar: v.avatar,
  }),
  required: { name: 'Name' },
})
const updateResolver = contractResolver(updateAdminCategory.body, {
  toInput: (v: CategoryFormValues) => ({ name: v.name, slug: v.slug.trim() || undefined, avatar: v.avatar }),
  required: { name: 'Name' },
})

function parentOptions(categories: AdminCategory[]) {
  const out = [{ value: TOP, label: 'Top level' }]
  const walk = (nodes: CategoryNode[]) => {
    for (const n of nodes) {
      out.push({ value: String(n.id), label: `${'— '.repeat(n.depth + 1)}${n.name}` })
      walk(n.children)
    }
  }
  walk(categoryTree(categories))
  return out
}

/** The drawer that adds a category or edits one's name, slug and avatar (moves happen in the tree). */
export function CategoryDrawer({ editing, categories, onClose }: { editing: CategoryEditing | null; categories: AdminCategory[]; onClose: () => void }) {
  return (
    <Drawer open={editing !== null} onClose={onClose} title={editing?.mode === 'edit' ? `Edit ${editing.category.name}` : 'New category'} width={440}>
      {editing && (
        <CategoryForm
          key={editing.mode === 'edit' ? editing.category.id : `new-${editing.parentId}`}
          editing={editing}
          categories={categories}
          onDone={onClose}
        />
      )}
    </Drawer>
  )
}

function CategoryForm({ editing, categories, onDone }: { editing: CategoryEditing; categories: AdminCategory[]; onDone: () => void }) {
  const create = useCreateCategory()
  const update = useUpdateCategory()
  const current = editing.mode === 'edit' ? editing.category : null
  const form = useForm<CategoryFormValues, unknown, object>({
    defaultValues: {
      name: current?.name ?? '',
      slug: current?.slug ?? '',
      parent: editing.mode === 'create' && editing.parentId !== null ? String(editing.parentId) : TOP,
      avatar: current?.avatar ?? null,
    },
    resolver: (current ? updateResolver : createResolver) as never,
  })
  const [formError, setFormError] = useState<string | null>(null)
  const errors = form.formState.errors

  // A refused parent_id (gone meanwhile) has no field of its own here: it shows above the form.
  const onError = (err: unknown) => setFormError(err instanceof ApiError && err.status === 422 ? showServerErrors(err, form.setError, FIELDS) : errorText(err))

  const save = form.handleSubmit((body) => {
    setFormError(null)
    if (current) {
      update.mutate({ id: current.id, ...(body as object) }, { onSuccess: (saved) => (toast.success(`${saved.name} saved`), onDone()), onError })
    } else {
      create.mutate(body as never, { onSuccess: (made) => (toast.success(`${made.name} added`), onDone()), onError })
    }
  })

  return (
    <form onSubmit={save} noValidate aria-label={current ? 'Edit category' : 'New category'} className="flex flex-col gap-4">
      <FormAlert message={formError} />
      <TextField label="Name" required autoFocus error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="Slug"
        autoComplete="off"
        hint={
          current ? 'The category’s address on the store: changing it changes its links.' : 'The address on the store: left empty, it is made from the name.'
        }
        error={errors.slug?.message}
        {...form.register('slug')}
      />
      {!current && (
        <SelectField label="Parent" options={parentOptions(categories)} placeholder={null} error={errors.parent?.message} {...form.register('parent')} />
      )}
      <Controller
        control={form.control}
        name="avatar"
        render={({ field, fieldState }) => (
          <SingleImageField
            label="Avatar"
            value={field.value}
            onChange={(v) => field.onChange(v)}
            error={fieldState.error?.message}
            hint="Shown on the store’s category tiles. Square, JPEG, PNG or WebP."
          />
        )}
      />
      <div className="flex justify-end gap-2 border-t border-border pt-4">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending || update.isPending}>
          {current ? 'Save' : 'Add category'}
        </Button>
      </div>
    </form>
  )
}
