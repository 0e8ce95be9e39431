import { type ChildProcess, fork } from 'node:child_process'
import path from 'node:path'
import type { ToChild, ToParent } from './serve'

const SERVE = path.join(import.meta.dirname, 'serve.ts')
const running = new Set<ChildProcess>()

export interface Child {
  ready: Extract<ToParent, { type: 'ready' }>
  /** sends a message; with `expect`, resolves with the child's reply of that type */
  send(message: ToChild, expect?: ToParent['type']): Promise<ToParent | null>
  stop(): Promise<void>
}

/** Starts bench/serve.ts in its own Node process and waits for it to listen. */
export function startChild(args: string[], timeoutMs = 300_000): Promise<Child> {
  // BENCH_CPU_PROF=<dir>: a V8 CPU profile of each server process, written when it stops (open in Chrome DevTools).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
  // Libraries as production runs them (the Dockerfile's NODE_ENV=production: React's production build renders pages
  // several times faster than its development one); the app's own config stays 'test' (serve.ts), so it needs no secrets.
  const env = { ...process.env, NODE_ENV: 'production' }
  const proc = fork(SERVE, args, { env, execArgv: ['--import', 'tsx', ...prof], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  running.add(proc)
  proc.once('exit', () => running.delete(proc))
  const next = (type: ToParent['type'], ms: number) =>
    new Promise<ToParent>((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`bench/serve.ts ${args[0]}: no '${type}' within ${ms / 1000} s`)), ms)
      const onMessage = (m: ToParent) => (m.type === 'error' ? done(new Error(m.message)) : m.type === type && done(null, m))
      const onExit = (code: number | null) => done(new Error(`bench/serve.ts ${args[0]} exited with ${code}`))
      function done(err: Error | null, m?: ToParent) {
        clearTimeout(timer)
        proc.off('message', onMessage)
        proc.off('exit', onExit)
        if (err) reject(err)
        else resolve(m!)
      }
      proc.on('message', onMessage)
      proc.once('exit', onExit)
    })
  const stop = () => stopProcess(proc)
  return next('ready', timeoutMs).then(
    (ready) => ({
      ready: ready as Child['ready'],
      send: async (message, expect) => {
        const reply = expect ? next(expect, 60_000) : null
        proc.send(message)
        return reply
      },
      stop,
    }),
    async (err) => {
      await stop()
      throw err
    },
  )
}

/** A process started elsewhere (a compiled app process): stopped with the others on cleanup. */
export function trackChild(proc: ChildProcess) {
  running.add(proc)
  proc.once('exit', () => running.delete(proc))
}

/** Asks politely, then SIGKILLs after 5 s. */
export function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => proc.kill('SIGKILL'), 5000)
    proc.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    if (proc.connected) proc.send({ type: 'stop' } satisfies ToChild)
    else proc.kill('SIGTERM')
  })
}

export async function stopAllChildren() {
  await Promise.all([...running].map(stopProcess))
}
