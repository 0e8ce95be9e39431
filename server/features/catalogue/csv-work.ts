import type { Result } from '../../platform/result'
import { planRows, type PlanInput } from './csv-plan-rows'
import type { Plan } from './csv-planned'
import { type CsvFile, readCsv } from './csv-read'
import { type Shown, shownOf } from './csv-shown'
import { type Wanted, wantedOf } from './csv-wanted'

/**
 * The catalogue CSV import's CPU-heavy steps, as worker-thread tasks (server/workers.ts): plain data in, plain data
 * out. Reading 10,000 rows and planning them takes seconds; on the event loop it held every other website's
 * requests that long (issue 30).
 */

/** The upload's bytes as rows, and what the plan will need read for them. */
export function catalogueCsvRead(bytes: Uint8Array): Result<{ file: CsvFile; wanted: Wanted }> {
  const file = readCsv(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  return file.ok ? { ok: true, value: { file: file.value, wanted: wantedOf(file.value) } } : file
}

/** What a kept file's plan needs read (apply). */
export function catalogueCsvWanted(file: CsvFile): Wanted {
  return wantedOf(file)
}

/**
 * The plan and what it shows each row would do. A preview's comes back without its products' values (nothing writes
 * them) and with its lines as JSON (`linesJson`), made here: 10,000 lines checked and written as the answer on the
 * event loop held it for a quarter of a second.
 */
export function catalogueCsvPlan(input: PlanInput & { preview: boolean }): { plan: Plan; shown: Shown; linesJson: string | null } {
  const plan = planRows(input)
  const shown = shownOf(plan)
  if (!input.preview) return { plan, shown, linesJson: null }
  return { plan: { ...plan, products: [], lines: [] }, shown, linesJson: JSON.stringify(plan.lines) }
}

export type CatalogueCsvTasks = {
  catalogueCsvRead: typeof catalogueCsvRead
  catalogueCsvWanted: typeof catalogueCsvWanted
  catalogueCsvPlan: typeof catalogueCsvPlan
}

/** The worker pool as the import uses it (the app's `workers`), or the steps run in this thread (`inThisThread`). */
export interface CsvWork {
  run<K extends keyof CatalogueCsvTasks>(name: K, arg: Parameters<CatalogueCsvTasks[K]>[0]): Promise<ReturnType<CatalogueCsvTasks[K]>>
}

const TASKS: CatalogueCsvTasks = { catalogueCsvRead, catalogueCsvWanted, catalogueCsvPlan }

/** The same steps on the calling thread: for a command or a benchmark with no pool. */
export const inThisThread: CsvWork = {
  run: async (name, arg) => (TASKS[name] as (a: typeof arg) => ReturnType<CatalogueCsvTasks[typeof name]>)(arg),
}
