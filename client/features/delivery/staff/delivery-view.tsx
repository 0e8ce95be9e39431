import type { KeyboardEvent } from 'react'
import { cn } from '../../../lib/cn'
import { useSearchParams } from '../../../lib/router'
import { PageHeader } from '../../../staff/ui/page-header'
import { DeliveryCharges } from './delivery-charges'
import { DeliveryPincodes } from './delivery-pincodes'
import { DeliverySlots } from './delivery-slots'
import type { WarehouseOption } from './warehouse-option'

const TABS = [
  { key: 'pincodes', label: 'Pincodes' },
  { key: 'charges', label: 'Charges' },
  { key: 'slots', label: 'Slots' },
] as const
type Tab = (typeof TABS)[number]['key']

/**
 * Delivery settings: where each warehouse delivers, what delivery costs, and when (the tab is kept in the address).
 * The warehouses are stock's: the route gives them.
 */
export function DeliveryView({ warehouses }: { warehouses: WarehouseOption[] }) {
  const [params, setParams] = useSearchParams()
  const tab: Tab = TABS.find((t) => t.key === params.get('tab'))?.key ?? 'pincodes'
  const choose = (key: Tab) => {
    const next = new URLSearchParams(params)
    next.set('tab', key)
    setParams(next, { replace: true })
  }
  const onKeyDown = (e: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.key === tab)
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    e.preventDefault()
    const next = TABS[(i + step + TABS.length) % TABS.length].key
    choose(next)
    document.getElementById(`delivery-tab-${next}`)?.focus()
  }
  return (
    <>
      <PageHeader title="Delivery" description="The pincodes each warehouse delivers to, what delivery costs, and the slots shoppers choose from." />
      <div role="tablist" aria-label="Delivery settings" onKeyDown={onKeyDown} className="mb-4 flex gap-1 overflow-x-auto border-b border-border">
        {TABS.map((t) => (
          <button
            key={t.key}
            id={`delivery-tab-${t.key}`}
            type="button"
            role="tab"
            aria-selected={tab === t.key}
            aria-controls={`delivery-panel-${t.key}`}
            tabIndex={tab === t.key ? 0 : -1}
            onClick={() => choose(t.key)}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-medium',
              tab === t.key ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-text',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`delivery-panel-${tab}`} aria-labelledby={`delivery-tab-${tab}`} className="flex flex-col gap-4">
        {tab === 'pincodes' && <DeliveryPincodes warehouses={warehouses} />}
        {tab === 'charges' && <DeliveryCharges />}
        {tab === 'slots' && <DeliverySlots warehouses={warehouses} />}
      </div>
    </>
  )
}
