import { lazy, Suspense, useState } from 'react'
import { MapPinIcon } from '../../ui/shop-icons'

const PincodeDialog = lazy(() => import('./pincode-dialog').then((m) => ({ default: m.PincodeDialog })))

/** Shows the current pincode; opens the 'Change Location' dialog. */
export function PincodeButton({ pincode }: { pincode: string | null }) {
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
        className="flex h-10 items-center gap-1.5 rounded-md px-2 text-left text-sm hover:bg-background"
        aria-label={pincode ? `Delivery pincode ${pincode}, change` : 'Set delivery pincode'}
      >
        <MapPinIcon className="shrink-0 text-lg text-primary" />
        <span className="leading-tight">
          <span className="block text-[11px] text-muted">Deliver to</span>
          <span className="block font-semibold">{pincode ?? 'Set pincode'}</span>
        </span>
      </button>
      {used && (
        <Suspense fallback={null}>
          <PincodeDialog open={open} onClose={() => setOpen(false)} current={pincode} />
        </Suspense>
      )}
    </>
  )
}
