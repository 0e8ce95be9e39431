import type { MoveOrderInput, PaidAtDoor } from '../../../common/contracts/admin-orders'
import { formatINR } from '../../../common/money'
import { fail, type Result } from '../../platform/result'

/** What came at the door for a cash-on-delivery order, and what the shopper still owes (docs/decisions/0018 "Delivered"). */
export interface DoorPayment {
  how: PaidAtDoor
  cash: number
  upi: number
  due: number
}

/**
 * The door payment a "delivered" move asks for, checked against the order's total: all of it in cash (the default,
 * as before) or by UPI, part of it (cash and / or UPI, more than nothing and less than the total), or nothing.
 */
export function doorPayment(totalPaise: number, input: Pick<MoveOrderInput, 'paid_at_door' | 'cash_collected' | 'upi_collected'>): Result<DoorPayment> {
  const how = input.paid_at_door ?? 'cash'
  const total = formatINR(totalPaise)
  switch (how) {
    case 'cash': {
      const cash = input.cash_collected ?? totalPaise
      if (cash !== totalPaise) return fail('invalid', 'Cash collected must be the order’s total', { cash_collected: `Collect ${total}, the order’s total` })
      if (input.upi_collected) return fail('invalid', 'Paid all in cash: no UPI', { upi_collected: 'Choose “Part paid” for cash and UPI together' })
      return { ok: true, value: { how, cash, upi: 0, due: 0 } }
    }
    case 'upi': {
      const upi = input.upi_collected ?? totalPaise
      if (upi !== totalPaise) return fail('invalid', 'UPI collected must be the order’s total', { upi_collected: `Take ${total}, the order’s total` })
      if (input.cash_collected) return fail('invalid', 'Paid all by UPI: no cash', { cash_collected: 'Choose “Part paid” for cash and UPI together' })
      return { ok: true, value: { how, cash: 0, upi, due: 0 } }
    }
    case 'part': {
      const cash = input.cash_collected ?? 0
      const upi = input.upi_collected ?? 0
      if (cash + upi === 0) return fail('invalid', 'Say what was paid', { cash_collected: 'Enter the cash or the UPI taken, or choose “Nothing paid”' })
      if (cash + upi >= totalPaise) {
        return fail('invalid', 'Part paid is less than the total', { cash_collected: `Cash and UPI together must be less than ${total}` })
      }
      return { ok: true, value: { how, cash, upi, due: totalPaise - cash - upi } }
    }
    case 'nothing':
      if (input.cash_collected || input.upi_collected) {
        return fail('invalid', 'Nothing paid: no cash or UPI', { cash_collected: 'Choose “Part paid” when some money came' })
      }
      return { ok: true, value: { how, cash: 0, upi: 0, due: totalPaise } }
  }
}

/** The delivered step's line on the order's timeline. */
export function doorNote(p: DoorPayment): string {
  switch (p.how) {
    case 'cash':
      return `Cash collected: ${formatINR(p.cash)}`
    case 'upi':
      return `Paid by UPI at the door: ${formatINR(p.upi)}`
    case 'part': {
      const paid = [p.cash ? `${formatINR(p.cash)} in cash` : '', p.upi ? `${formatINR(p.upi)} by UPI` : ''].filter(Boolean).join(' and ')
      return `Part paid at the door: ${paid}; ${formatINR(p.due)} still due`
    }
    case 'nothing':
      return `Nothing paid at the door: ${formatINR(p.due)} still due`
  }
}
