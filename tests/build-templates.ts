import { ensurePgliteTemplate, ensurePostgresTemplate } from './template-cache'

// Run by tests/global-setup.ts in a process of its own when a template is missing, so that the test runner goes on
// with the tests that need no database meanwhile: `node --import tsx tests/build-templates.ts '{"pglite":…,"postgres":…}'`.
const { pglite, postgres } = JSON.parse(process.argv[2] ?? '{}') as { pglite?: string; postgres?: { adminUrl: string; name: string } }
const started = Date.now()
await Promise.all([pglite ? ensurePgliteTemplate(pglite) : null, postgres ? ensurePostgresTemplate(postgres.adminUrl, postgres.name) : null])
console.error(`test templates built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
