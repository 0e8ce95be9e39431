import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    setupFiles: ['tests/unit-setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // a hook builds an app (the first in a worker also compiles PGlite's WASM): over a minute with two files at once
    // on a machine loaded 15 times over; what a test checks keeps testTimeout (docs/decisions/0054-test-run-time.md)
    hookTimeout: 180_000,
    pool: 'forks',
    // vitest's default (cores - 1) is one file at a time on 2 cores: two at once there (three starved each other's
    // hooks on a loaded machine)
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
})
