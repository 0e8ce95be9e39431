/**
 * Development's log (LOG_FORMAT=pretty): pino's JSON lines as a person reads them. A request is one line once it is
 * answered (`20:14:03 GET /s/api/products 200 12 ms`), any other line its time, level and message, its other fields as
 * `key=value` and an error's stack below it. Production keeps the JSON lines, which log collectors read.
 */
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' }
/** what every line has, or what the request line says already */
const QUIET = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'requestId', 'req', 'res', 'responseTime', 'err'])
const COLOURS = { red: 31, green: 32, yellow: 33, cyan: 36, grey: 90 }

interface Line {
  level: number
  time: number
  msg?: string
  requestId?: string
  req?: { method: string; url: string }
  res?: { statusCode: number }
  responseTime?: number
  err?: { type?: string; message?: string; stack?: string }
  [field: string]: unknown
}

export function readableLog(out: { write(text: string): unknown } = process.stdout, colour = process.stdout.isTTY === true) {
  const paint = (name: keyof typeof COLOURS, text: string) => (colour ? `\x1b[${COLOURS[name]}m${text}\x1b[0m` : text)
  // the request a response line answers (Fastify says its method and URL when it comes in, the status when it is answered)
  const requests = new Map<string, string>()
  return {
    write(json: string) {
      let line: Line
      try {
        line = JSON.parse(json) as Line
      } catch {
        out.write(json)
        return
      }
      const time = paint('grey', new Date(line.time).toTimeString().slice(0, 8))
      if (line.msg === 'incoming request' && line.req && line.requestId) {
        if (requests.size > 10_000) requests.clear() // answers that never came (a dropped connection)
        requests.set(line.requestId, `${line.req.method} ${line.req.url}`)
        return
      }
      if (line.msg === 'request completed' && line.res && line.requestId) {
        const status = line.res.statusCode
        const shade = status >= 500 ? 'red' : status >= 400 ? 'yellow' : status >= 300 ? 'cyan' : 'green'
        out.write(`${time} ${requests.get(line.requestId) ?? '(request)'} ${paint(shade, String(status))} ${Math.round(line.responseTime ?? 0)} ms\n`)
        requests.delete(line.requestId)
        return
      }
      const level = LEVELS[line.level] ?? String(line.level)
      const shaded = line.level >= 50 ? paint('red', level) : line.level >= 40 ? paint('yellow', level) : level
      const fields = Object.entries(line)
        .filter(([key]) => !QUIET.has(key))
        .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
      const err = line.err ? `\n${indent(errorText(line.err))}` : ''
      out.write(`${time} ${shaded} ${[line.msg ?? '', ...fields].filter(Boolean).join(' ')}${err}\n`)
    },
  }
}

/** the stack, which starts with the message; a query error's has only its frames (platform/log.ts) */
function errorText({ type = 'Error', message = '', stack = '' }: NonNullable<Line['err']>) {
  return stack.includes(message) ? stack : [`${type}: ${message}`, stack].filter(Boolean).join('\n')
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n')
