import type { Brand } from '../../../common/contracts/catalogue'
import { Button } from '../../ui/button'
import { Drawer } from '../../ui/drawer'
import { BrandFilter } from './brand-filter'

export interface BrandFilterDrawerProps {
  open: boolean
  onClose: () => void
  brands: Brand[]
  selected: readonly string[]
  onChange: (next: string[]) => void
  /** Products matching the current filters, for the 'Show' button. */
  total?: number
}

/** Small screens have no sidebar: brands open in a drawer and apply as they are ticked. */
export function BrandFilterDrawer({ open, onClose, brands, selected, onChange, total }: BrandFilterDrawerProps) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Brands"
      side="left"
      width={300}
      footer={
        <div className="flex gap-3">
          <Button variant="outline" className="flex-1" disabled={!selected.length} onClick={() => onChange([])}>
            Clear
          </Button>
          <Button className="flex-1" onClick={onClose}>
            {total === undefined ? 'Done' : `Show ${total.toLocaleString('en-IN')}`}
          </Button>
        </div>
      }
    >
      <BrandFilter brands={brands} selected={selected} onChange={onChange} capped={false} />
    </Drawer>
  )
}
