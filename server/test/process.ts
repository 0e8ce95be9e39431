import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** A port nothing listens on now (taken, then given back). */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Waits for a condition (never a fixed sleep). */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

export interface MainProcess {
  child: ChildProcess
  /** stdout and stderr as they came */
  output(): string
  lines(): string[]
  /** the exit code once it exited (null: killed by a signal) */
  exited: Promise<number | null>
  /** resolves with true once the server listens, false if it exited first */
  listening: Promise<boolean>
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/**
 * server/main.ts in a process of its own (through tsx, so the sources are what runs), with exactly `env`: nothing of
 * this process's environment leaks in (a PGLITE_TEMPLATE would hand it a seeded database).
 */
export function startMain(env: Record<string, string>): MainProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let onOutput = () => {}
  for (const stream of [child.stdout!, child.stderr!])
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      onOutput()
    })
  // 'close', not 'exit': after the last output
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)))
  const listening = new Promise<boolean>((resolve) => {
    onOutput = () => {
      if (/"msg":"Server listening at /.test(output)) resolve(true)
    }
    void exited.then(() => resolve(false))
  })
  return {
    child,
    output: () => output,
    lines: () => output.split('\n').filter(Boolean),
    exited,
    listening,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}
