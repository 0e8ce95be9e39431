import type { ShiftReport } from '../../../common/contracts/pos-shifts'
import { cn } from '../../lib/cn'
import { staffPath } from '../../staff/staff-paths'
import { Button } from '../../ui/button'
import { rupees } from './cart-maths'

export type CounterDialog = 'cash' | 'close' | 'report' | 'returns' | 'register'

/** The counter's top bar: where and who, online or not, sales waiting to send, the shift so far and its actions. */
export function CounterHeader({
  shopName,
  shift,
  online,
  waiting,
  problem,
  onDialog,
}: {
  shopName: string
  shift: ShiftReport
  online: boolean
  /** offline sales not sent yet */
  waiting: number
  problem: string | null
  onDialog: (d: CounterDialog) => void
}) {
  return (
    <>
      <header className="sticky top-0 z-20 flex flex-wrap items-center gap-2 border-b border-border bg-surface px-3 py-2 lg:h-[57px] lg:flex-nowrap print:hidden">
        <p className="mr-auto min-w-0 truncate">
          <span className="font-semibold">{shopName}</span> ·{' '}
          <button
            type="button"
            onClick={() => onDialog('register')}
            className="text-primary underline-offset-2 hover:underline"
            aria-label={`Register: ${shift.register} (change)`}
          >
            {shift.register}
          </button>
          <span className="hidden text-muted xl:inline"> · {shift.cashier}</span>
        </p>
        <span
          role="status"
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium',
            online ? 'bg-success/10 text-text' : 'bg-accent/25 text-text',
          )}
        >
          <span aria-hidden="true" className={cn('size-2 rounded-full', online ? 'bg-success' : 'bg-text')} />
          {online ? 'Online' : 'Offline'}
          {!online && <span className="sr-only">: cash sales are kept on this counter</span>}
        </span>
        {waiting > 0 && (
          <span
            className="inline-flex h-9 items-center rounded-full bg-accent/25 px-3 text-sm font-medium text-text"
            title={problem ?? undefined}
            data-testid="waiting"
          >
            {waiting} waiting to send
          </span>
        )}
        <span className="hidden text-sm whitespace-nowrap tabular-nums text-muted md:inline" data-testid="shift-summary">
          {shift.sales_count} {shift.sales_count === 1 ? 'sale' : 'sales'} · {rupees(Math.round(shift.sales_total * 100))}
        </span>
        <Button variant="outline" onClick={() => onDialog('cash')} disabled={!online}>
          Cash in/out
        </Button>
        <Button variant="outline" onClick={() => onDialog('returns')} disabled={!online}>
          Returns
        </Button>
        <Button variant="outline" onClick={() => onDialog('report')}>
          Report
        </Button>
        <Button variant="outline" onClick={() => onDialog('close')} disabled={!online}>
          Close shift
        </Button>
        <a href={staffPath('/bos/admin')} className="hidden h-10 items-center px-2 text-sm text-primary xl:inline-flex">
          Administration
        </a>
      </header>
      {problem && (
        <p role="alert" className="bg-danger/10 px-3 py-2 text-sm text-danger print:hidden">
          Waiting sales could not be sent: {problem}
        </p>
      )}
    </>
  )
}
