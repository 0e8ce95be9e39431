import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
