import type { RegisterInput, RenameRegisterInput } from '../../../common/contracts/pos-registers'
import { fail, ok } from '../../platform/result'
import { staffWrite, type StaffWriteCtx } from '../../platform/staff-write'
import * as registers from './queries/registers'
import { NO_REGISTER } from './shifts'

const TAKEN = 'Another register of this website has this name'

/** A new register (a till) at one of the website's warehouses: the counter's chooser offers it at once. */
export async function createRegister(ctx: StaffWriteCtx, input: RegisterInput) {
  const store = await registers.findWarehouse(ctx.db, ctx.site.id, input.warehouse_id)
  if (!store) return fail('invalid', 'No such warehouse', { warehouse_id: 'No such warehouse' })
  if (await registers.registerNamed(ctx.db, ctx.site.id, input.name)) return fail('invalid', TAKEN, { name: TAKEN })
  const made = await staffWrite(ctx, { action: 'pos.register.create', entity: 'pos_register' }, async (tx) => {
    const row = await registers.addRegister(tx, { websiteId: ctx.site.id, warehouseId: store.id, name: input.name })
    return { result: row, id: row?.id ?? 0, before: null, after: row }
  })
  if (!made) return fail('invalid', TAKEN, { name: TAKEN })
  return ok((await registers.listedRegister(ctx.db, ctx.site.id, made.id))!)
}

/** A register's new name (shifts and receipts already made keep theirs: receipts name the register as it was). */
export async function renameRegister(ctx: StaffWriteCtx, id: number, input: RenameRegisterInput) {
  const before = await registers.findRegister(ctx.db, ctx.site.id, id)
  if (!before || before.id !== id) return fail('not_found', NO_REGISTER)
  if (await registers.registerNamed(ctx.db, ctx.site.id, input.name, id)) return fail('invalid', TAKEN, { name: TAKEN })
  await staffWrite(ctx, { action: 'pos.register.rename', entity: 'pos_register' }, async (tx) => {
    const row = await registers.setRegisterName(tx, id, input.name)
    return { result: row, id, before: { name: before.name }, after: { name: input.name } }
  })
  return ok((await registers.listedRegister(ctx.db, ctx.site.id, id))!)
}
