// The whole schema, for drizzle: server/db/client.ts, server/db/template.ts and drizzle.config.ts. Everything else imports
// the module that declares its table (the rule no-schema-barrel in .dependency-cruiser.cjs).

export * from './sites'
export * from './accounts'
export * from './audit'
export * from './catalogue'
export * from './delivery'
export * from './pages'
export * from './media'
export * from './cart'
export * from './orders'
export * from './stock'
export * from './pos'
export * from './invoices'
export * from './agents'
export * from './limits'
export * from './analytics'
export * from './messages'
