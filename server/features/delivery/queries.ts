import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { pincodes } from '../../db/schema/index'

export async function findPincode(db: Db, websiteId: number, pincode: string) {
  const rows = await db
    .select()
    .from(pincodes)
    .where(and(eq(pincodes.websiteId, websiteId), eq(pincodes.pincode, pincode)))
    .limit(1)
  return rows[0] ?? null
}
