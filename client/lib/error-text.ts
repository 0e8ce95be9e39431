/** Spec §8: error text comes from a plain string, then message, msg, error, then a default. */
export const DEFAULT_ERROR_TEXT = "There's been an error, please try again."
export const SOMETHING_WENT_WRONG = 'Something went wrong'

/** Thrown by the API client for a non-2xx answer; `body` is the parsed JSON or the raw text. */
export class ApiError extends Error {
  readonly status: number
  readonly body: unknown

  constructor(status: number, body: unknown, message?: string) {
    super(message ?? textFromData(body) ?? DEFAULT_ERROR_TEXT)
    this.name = 'ApiError'
    this.status = status
    this.body = body
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

const nonEmpty = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)

function textFromData(data: unknown): string | null {
  if (typeof data === 'string') return nonEmpty(data)
  if (!isRecord(data)) return null
  return nonEmpty(data.message) ?? nonEmpty(data.msg) ?? nonEmpty(data.error)
}

/** The body of an ApiError (or a look-alike such as a fetch wrapper's error) comes first. */
function pickErrorText(err: unknown): string | null {
  if (err instanceof ApiError || (isRecord(err) && 'body' in err && 'status' in err)) {
    const fromBody = textFromData(err.body)
    if (fromBody) return fromBody
  }
  return textFromData(err)
}

export function errorText(err: unknown): string {
  return pickErrorText(err) ?? DEFAULT_ERROR_TEXT
}

export function somethingWentWrong(err: unknown): string {
  return pickErrorText(err) ?? SOMETHING_WENT_WRONG
}
