// Writes .br and .gz beside every built asset, so @fastify/static can send them as they are (preCompressed).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dir = process.argv[2]
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg|json|txt)$/.test(name)) continue
  const file = path.join(dir, name)
  const bytes = readFileSync(file)
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
}
