import { makePgliteTemplate } from '../server/db/template'

const file = process.argv[2]
if (!file) throw new Error('usage: tsx scripts/make-pglite-template.ts <file.tar>')
const started = Date.now()
await makePgliteTemplate(file)
console.log(`PGlite template written to ${file} in ${Date.now() - started} ms`)
