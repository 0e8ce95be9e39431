import type { ReactNode } from 'react'
import type { PageBlockOf } from '../../../../common/contracts/page-blocks'
import { SelectField } from '../../../ui/select-field'
import type { Draft } from './block-draft'
import { NumberField } from './form-fields'
import { SlugPicker, useTaxonomyOptions } from './slug-picker'

/** What a product carousel and a product grid both choose: categories, brands, an order and how many. */
type Choice = Pick<Draft<PageBlockOf<'product_carousel'>['logicdata']>, 'c' | 'b' | 's' | 'limit'>
type Sort = NonNullable<Choice['s']>

const SORTS: { value: Sort; label: string }[] = [
  { value: 'popularity', label: 'Most popular' },
  { value: 'discount', label: 'Biggest discount' },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Lowest price' },
]

/** The "Which products" fieldset; `children` come first (the grid's picked products). */
export function ProductChoiceFields({
  logic,
  setLogic,
  error,
  max,
  limitHint,
  children,
}: {
  logic: Choice
  setLogic: (changes: Partial<Choice>) => void
  error: (path: string) => string | undefined
  max: number
  limitHint?: string
  children?: ReactNode
}) {
  const lists = useTaxonomyOptions()
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-semibold">Which products</legend>
      {children}
      <SlugPicker
        label="Categories"
        noun="category"
        options={lists.categories}
        value={logic.c}
        onChange={(c) => setLogic({ c })}
        error={error('logicdata.c')}
        hint="None chosen: every category"
      />
      <SlugPicker
        label="Brands"
        noun="brand"
        options={lists.brands}
        value={logic.b}
        onChange={(b) => setLogic({ b })}
        error={error('logicdata.b')}
        hint="None chosen: every brand"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Order"
          options={SORTS}
          placeholder={null}
          value={logic.s ?? 'popularity'}
          onChange={(e) => setLogic({ s: SORTS.find((sort) => sort.value === e.target.value)?.value })}
        />
        <NumberField
          label="How many"
          min={1}
          max={max}
          value={logic.limit}
          onChange={(limit) => setLogic({ limit })}
          error={error('logicdata.limit')}
          hint={limitHint}
        />
      </div>
    </fieldset>
  )
}
