import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

export default defineConfig({
  root: 'client',
  publicDir: false,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // early-taps is not in index.html: the server adds it to the head as a classic script (server/web/preload.ts).
    rollupOptions: { input: ['index.html', 'early-taps.ts'].map((f) => path.resolve(import.meta.dirname, 'client', f)) },
  },
  ssr: { noExternal: [] },
  server: { proxy: { '/s/api': 'http://127.0.0.1:3000', '/cdn': 'http://127.0.0.1:3000' } },
})
