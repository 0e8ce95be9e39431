import * as z from 'zod/mini'
import { IdParams } from './admin'
import { defineContract } from './http'
import { Id, int } from './pos-fields'
import { text } from './text'

/** The counter's registers (tills), each selling from a warehouse (docs/decisions/0024-point-of-sale.md). */

/** The register a counter works on (chosen when opening the shift, remembered by the device); the demo register when left out. */
export const RegisterChoice = z.optional(Id('register_id'))
export const RegisterQuery = z.object({
  register_id: z.optional(
    z.coerce
      .number({ error: 'register_id must be a number' })
      .check(z.int('register_id must be a whole number'), z.positive('register_id must be positive'), z.lte(2_147_483_647, 'register_id is too large')),
  ),
})

export const PosRegister = z.object({
  id: int(),
  name: z.string(),
  warehouse_id: int(),
  warehouse: z.string(),
  /** who has a shift open on it, if anyone */
  open_by: z.nullable(z.string()),
})
export const listRegisters = defineContract({
  method: 'GET',
  path: '/api/pos/registers',
  summary: 'POS: the website’s registers (with the warehouse each sells from and who has a shift open) and the warehouses that have none yet',
  response: z.object({ registers: z.array(PosRegister), warehouses: z.array(z.object({ id: int(), name: z.string() })) }),
})

const RegisterName = text('Name', [z.trim(), z.minLength(1, 'Please give the register a name'), z.maxLength(120, 'Name is limited to 120 characters')])
export const RegisterInput = z.object({ name: RegisterName, warehouse_id: Id('Warehouse') })
export type RegisterInput = z.infer<typeof RegisterInput>
export const RenameRegisterInput = z.object({ name: RegisterName })
export type RenameRegisterInput = z.infer<typeof RenameRegisterInput>

export const createRegister = defineContract({
  method: 'POST',
  path: '/api/pos/registers',
  summary: 'POS: a new register (a till) selling from a warehouse of the website; 422 when the name is taken',
  body: RegisterInput,
  status: 201,
  response: PosRegister,
})

export const renameRegister = defineContract({
  method: 'PATCH',
  path: '/api/pos/registers/:id',
  summary: 'POS: renames a register of the website; 422 when the name is taken',
  params: IdParams,
  body: RenameRegisterInput,
  response: PosRegister,
})

export const registerStock = defineContract({
  method: 'GET',
  path: '/api/pos/stock',
  summary:
    'POS: what is free to sell of each pack at the register’s warehouse (`register_id`, else the demo register); packs with no stock row there are left out (none)',
  query: RegisterQuery,
  response: z.object({
    warehouse_id: int(),
    /** `expired`: how many of the `available` units are in batches past their expiry (the counter warns before selling them) */
    data: z.array(z.object({ pack_id: int(), available: int(), expired: int() })),
  }),
})
