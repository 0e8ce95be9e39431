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
  },
  ssr: { noExternal: [] },
  server: { proxy: { '/s/api': 'http://127.0.0.1:3000', '/cdn': 'http://127.0.0.1:3000' } },
})
