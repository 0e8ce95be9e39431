import type { ErrorKind } from './errors'
import { fail, ok, type Result } from './result'

/**
 * An expected refusal of a named step (STYLE rule 10 and the error model): thrown, so it rolls the flow's transaction
 * back and skips the steps after it; `orRefusal` turns it into the `Failure` it stands for (a 409, a 422…).
 * Checkout's placement and the counter's sale run their steps this way.
 */
export class Refusal extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** per-field messages of a 422 */
    readonly errors?: Record<string, string>,
  ) {
    super(message)
  }
}

export const refuse = (kind: ErrorKind, message: string, errors?: Record<string, string>): never => {
  throw new Refusal(kind, message, errors)
}

/** A step's use of a service that answers with a `Result`: its value, or its failure as the step's refusal. */
export const valueOrRefuse = <T>(result: Result<T>): T => (result.ok ? result.value : refuse(result.kind, result.message, result.fieldErrors))

/** Runs the steps of `work`: what it answers, or the refusal that stopped it, as a `Result`. */
export async function orRefusal<T>(work: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await work())
  } catch (err) {
    if (err instanceof Refusal) return fail(err.kind, err.message, err.errors)
    throw err
  }
}
