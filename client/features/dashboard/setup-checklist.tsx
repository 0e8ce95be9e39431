import type { SetupStep } from '../../../common/contracts/admin-dashboard'
import { cn } from '../../lib/cn'
import { Link } from '../../lib/router'
import { staffPath } from '../../staff/staff-paths'
import { Card } from '../../staff/ui/card'
import { useSetupChecklist } from './api'

/** Each step of a new website's setup (issue 29): what to do, and the screen where it is done. */
const STEPS: Record<SetupStep, { title: string; hint: string; to: string; action: string }> = {
  warehouse: {
    title: 'Add a warehouse and the pincodes it serves',
    hint: 'Where orders are packed from, and which pincodes it delivers to.',
    to: staffPath('/bos/admin/warehouses'),
    action: 'Warehouses',
  },
  products: {
    title: 'Add products',
    hint: 'One at a time with the form, or many at once from a CSV (new brands and categories are made for you).',
    to: staffPath('/bos/admin/catalogue/import-export'),
    action: 'Import a CSV',
  },
  stock: {
    title: 'Put stock on the shelves',
    hint: 'What each warehouse holds of each pack: shoppers can only order what is in stock.',
    to: staffPath('/bos/admin/stock'),
    action: 'Stock',
  },
  delivery: {
    title: 'Set delivery charges and slots',
    hint: 'The delivery charge, and the slots shoppers choose from with how many orders each takes.',
    to: staffPath('/bos/admin/delivery'),
    action: 'Delivery',
  },
  tax: {
    title: 'Enter your GST registration',
    hint: 'Your GSTIN and legal name print on every tax invoice.',
    to: staffPath('/bos/admin/tax'),
    action: 'Tax',
  },
  payments: {
    title: 'Save your payment keys, or keep cash on delivery only',
    hint: 'Until your own Razorpay or Cashfree keys are saved, shoppers pay cash on delivery.',
    to: staffPath('/bos/admin/payments'),
    action: 'Payments',
  },
  home_page: {
    title: 'Make your home page',
    hint: 'Banners, categories and product rows; publish it when it looks right (the first version can be rolled back).',
    to: staffPath('/page-builder/pages'),
    action: 'Pages',
  },
  go_live: {
    title: 'Go live: take your first order',
    hint: 'Share your shop’s address with your customers. This ticks itself with the first order.',
    to: '/',
    action: 'Open the shop',
  },
}

/** The admin home's setup checklist: shown until every step is done, each ticking itself from the website's data. */
export function SetupChecklist() {
  const found = useSetupChecklist()
  if (!found.data || found.data.done) return null
  const { steps } = found.data
  const done = steps.filter((s) => s.done).length
  const next = steps.find((s) => !s.done)?.step
  return (
    <Card title="Set up your shop" description={`${done} of ${steps.length} steps done`} className="mb-6">
      <ol className="divide-y divide-border" aria-label="Setup steps">
        {steps.map(({ step, done: ticked }) => {
          const s = STEPS[step]
          return (
            <li key={step} className="flex items-start gap-3 py-3" data-step={step} data-done={ticked}>
              <span
                aria-hidden
                className={cn(
                  'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border text-xs',
                  ticked ? 'border-success bg-success text-white' : 'border-border text-muted',
                )}
              >
                {ticked ? '✓' : ''}
              </span>
              <span className="min-w-0 flex-1">
                <span className={cn('block text-sm font-medium', ticked && 'text-muted line-through')}>
                  {s.title}
                  <span className="sr-only">{ticked ? ' (done)' : ' (to do)'}</span>
                </span>
                {!ticked && <span className="block text-sm text-muted">{s.hint}</span>}
              </span>
              <Link to={s.to} className={cn('shrink-0 text-sm hover:underline', step === next ? 'font-semibold text-primary' : 'text-muted')}>
                {s.action}
              </Link>
            </li>
          )
        })}
      </ol>
    </Card>
  )
}
