import { eq, sql } from 'drizzle-orm'
import { type Db, rowsOf, type Tx } from '../../../db/client'
import { type PosMethod, posPayments, posReturnLines, posReturns, posSales } from '../../../db/schema/pos'

export const saleOfOrder = (tx: Tx, orderId: number) =>
  tx
    .select()
    .from(posSales)
    .where(eq(posSales.orderId, orderId))
    .then((r) => r[0] ?? null)

/** How many units of each sale line came back already, by sale line id. */
export async function returnedBySaleLine(tx: Tx, saleLineIds: number[]): Promise<Map<number, number>> {
  const back = rowsOf<{ sale_line_id: number; quantity: string | number }>(
    await tx.execute(sql`
      select sale_line_id, sum(quantity) as quantity from pos_return_lines
      where sale_line_id = any(${`{${saleLineIds.join(',')}}`}::int[]) group by 1`),
  )
  return new Map(back.map((b) => [b.sale_line_id, Number(b.quantity)]))
}

/** What the order's counter payments came to by method, refunds taken off. */
export async function netPaidByMethod(db: Db | Tx, orderId: number): Promise<Record<PosMethod, number>> {
  const rows = await db.select({ method: posPayments.method, amountPaise: posPayments.amountPaise }).from(posPayments).where(eq(posPayments.orderId, orderId))
  const net = { cash: 0, upi: 0, card: 0, khata: 0 }
  for (const r of rows) net[r.method] += r.amountPaise
  return net
}

export async function insertReturn(tx: Tx, row: { websiteId: number; orderId: number; shiftId: number; refundPaise: number; userId: number }) {
  const [made] = await tx.insert(posReturns).values(row).returning()
  return made
}

export async function insertReturnLines(tx: Tx, rows: { returnId: number; saleLineId: number; quantity: number; refundPaise: number }[]) {
  await tx.insert(posReturnLines).values(rows)
}
