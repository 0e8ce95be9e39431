#!/usr/bin/env node
// `npm start` on a fresh clone: install what is missing, build the web client when stale, then serve
// (the server migrates and seeds the demo stores into an empty database itself).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
// Node 24 LTS is what production and CI run (package.json engines); 20 still starts, with a word about it.
if (Number(process.versions.node.split('.')[0]) < 24)
  console.warn(`Node ${process.versions.node}: this project runs on Node 24 LTS (package.json engines); Node 20 is past its end of life.`)
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0)
const newest = (dir) => {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return latest
}

const installed = path.join(root, 'node_modules/.package-lock.json')
if (!existsSync(installed) || mtime(path.join(root, 'package-lock.json')) > mtime(installed)) {
  console.log('Installing packages…')
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'])
}

const built = path.join(root, 'dist/server/entry-server.js')
const sources = Math.max(newest(path.join(root, 'client')), newest(path.join(root, 'common')), mtime(path.join(root, 'vite.config.ts')))
if (mtime(built) < sources) {
  console.log('Building the web client…')
  run('npm', ['run', 'build', '--silent'])
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit', env: process.env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
