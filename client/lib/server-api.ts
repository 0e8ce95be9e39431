import { callKey, type Contract } from '../../common/contracts/http'
import { type Answer, type AnswerOf, type Api, type CallInput, checkedAnswer, contractOf, type LaterContract, type WireInput, wireInput } from './api'

/**
 * What the server reads while it renders a page, keyed by call (callKey: 'GET /api/init'): plain functions the
 * server builds over its own services, answering exactly as the API would. No HTTP request is made, and no server
 * code reaches the client's bundles.
 */
export type ServerData = Record<string, (input: WireInput) => Promise<Answer>>

/** Answers checked already, by body: a body the server keeps for many pages (a website's shell for visitors) is checked once. */
const checked = new WeakMap<object, unknown>()

/** The API client of server rendering: the same calls and checks as in the browser, answered by ServerData. */
export function createServerApi(data: ServerData): Api {
  return {
    async call<C extends Contract>(named: C | LaterContract<C>, input: CallInput<C> = {}) {
      const contract = await contractOf(named)
      const key = callKey(contract)
      const read = data[key]
      if (!read) throw new Error(`${key} is not answered while rendering on the server`)
      const answer = await read(wireInput(input.params as Record<string, unknown>, input.query as Record<string, unknown>))
      if (typeof answer.body !== 'object' || answer.body === null) return checkedAnswer(contract, key, answer)
      const known = checked.get(answer.body)
      if (known !== undefined) return known as AnswerOf<C>
      const value = checkedAnswer(contract, key, answer)
      checked.set(answer.body, value)
      return value
    },
  }
}
