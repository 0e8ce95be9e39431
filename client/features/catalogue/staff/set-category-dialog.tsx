import { useId, useState } from 'react'
import { requiredMessage } from '../../../../common/rules/form-field'
import { errorText } from '../../../lib/error-text'
import { Button } from '../../../ui/button'
import { Combobox } from '../../../ui/combobox'
import { FormAlert } from '../../../ui/form-alert'
import { Modal } from '../../../ui/modal'
import { toast } from '../../../ui/toast'
import { useAdminCategories, useBulkProducts } from './api'
import { categoryOptions } from './category-options'

/** Bulk: one category for the chosen products, instead of theirs or as one more. */
export function SetCategoryDialog({ ids, onClose, onDone }: { ids: number[]; onClose: () => void; onDone: () => void }) {
  const id = useId()
  const options = categoryOptions(useAdminCategories().data?.data ?? [])
  const bulk = useBulkProducts()
  const [open, setOpen] = useState(true)
  const [category, setCategory] = useState<string | null>(null)
  const [mode, setMode] = useState<'replace' | 'add'>('replace')
  const [error, setError] = useState<string | null>(null)
  const apply = () => {
    if (!category) return setError(requiredMessage('Category'))
    bulk.mutate(
      { action: 'set_category', ids, category, mode },
      {
        onSuccess: ({ updated }) => {
          toast.success(`Category ${mode === 'add' ? 'added to' : 'set on'} ${updated === 1 ? '1 product' : `${updated} products`}`)
          onDone()
          setOpen(false)
        },
        onError: (err) => setError(errorText(err)),
      },
    )
  }
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Set category"
      description={`For ${ids.length === 1 ? '1 product' : `${ids.length} products`}`}
      footer={
        <>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button onClick={apply} loading={bulk.isPending}>
            Apply
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <FormAlert message={bulk.isError ? error : null} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium">
            Category
            <span aria-hidden="true" className="text-danger">
              {' '}
              *
            </span>
          </label>
          <Combobox
            id={id}
            options={options}
            value={category}
            onChange={(v) => {
              setCategory(v)
              setError(null)
            }}
            placeholder="Choose a category"
            searchPlaceholder="Find a category"
          />
          {error && !bulk.isError && <p className="text-sm text-danger">{error}</p>}
        </div>
        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="mb-1 font-medium">Their other categories</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" checked={mode === 'replace'} onChange={() => setMode('replace')} /> Replace them: this becomes the only category
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" checked={mode === 'add'} onChange={() => setMode('add')} /> Keep them and add this one
          </label>
        </fieldset>
      </div>
    </Modal>
  )
}
