/**
 * A reason the process cannot start that the operator fixes: a setting, a busy port, a database that does not
 * answer, a web client not built. server/main.ts reports it as one log line without a stack and exits 1.
 */
export class StartError extends Error {
  /** the whole reason on one line (the message lists the problems one a line) */
  readonly line: string

  constructor(reason: string, problems: string[] = []) {
    super(problems.length ? `${reason}:\n  ${problems.join('\n  ')}` : reason)
    this.name = 'StartError'
    this.line = problems.length ? `${reason}: ${problems.join('; ')}` : reason
  }
}
