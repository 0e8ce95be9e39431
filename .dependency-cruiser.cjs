// The house rules on imports (docs/decisions/0013-house-rules.md), checked by `npm run lint` and `npm test`.
// Run through scripts/check-dependencies.mjs: dependency-cruiser's own command refuses Node 20, and TypeScript 7
// has no JS API, so files are parsed with swc.

/** Another feature's files that a feature may import besides its `service.ts`, each with the reason. */
const PUBLISHED = [
  // payment providers are plug-ins behind one interface (STYLE rule 9): the registry builds them, types name them
  ['payments/providers/(registry|types|inputs)[.]ts$', 'the payment-provider interface of STYLE rule 9'],
  // checkout and orders run these inside their own transaction, so they cannot go through a service call that
  // opens one; they are pure rules or single-statement writes on the transaction they are given
  ['delivery/(schedule|slots)[.]ts$', 'delivery rules and slot taking inside the order transaction'],
  ['catalogue/stock[.]ts$', 'stock reservation inside the order transaction'],
  ['cart/(checkout-cart|price-cart|cart-answer|apply-coupon)[.]ts$', 'the cart read and priced inside the order transaction'],
  ['coupons/discount[.]ts$', 'the pure discount rules the cart prices with'],
  ['orders/outbox[.]ts$', 'the outbox that the checkout jobs drain'],
  ['accounts/addresses[.]ts$', "the shopper's address read inside the order transaction"],
  ['accounts/otp-delivery/index[.]ts$', 'the message sender the order notices reuse'],
  // reads that the other feature's service cannot offer without an import cycle (its service depends on the reader)
  ['orders/placed-orders[.]ts$', 'the order count of first-order coupons (orders/service.ts places orders, which redeems coupons)'],
  ['catalogue/warehouses[.]ts$', "the default warehouse of delivery (catalogue/service.ts asks delivery for the shopper's warehouse)"],
]

/** Files that may import table values from server/db/schema besides queries files, each with the reason. */
const TABLES_ALSO_IN = [
  // a test sets up and checks rows directly; test kits and the shared test helpers are part of the tests
  ['[.]test[.]tsx?$|/test-kit[.]tsx?$|^server/test/|^tests/', 'tests and test kits'],
  // the schema modules reference each other; the client and the template hand drizzle the whole schema; the seed
  // writes the demo data before any feature runs
  ['^server/db/', 'the database itself: schema, client, template and seed'],
  // benchmarks build their data sets straight into the tables, as the seed does
  ['^bench/', 'benchmark data generators'],
]
/** A feature's (or the platform's) queries: `queries.ts`, a `queries/` folder, or a `<part>-queries.ts` file. */
const QUERIES = '(^|/)queries[.]ts$|/queries/[^/]+[.]ts$|-queries[.]ts$'

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: modules that import each other cannot be understood, tested or loaded one at a time.',
      from: {},
      // a cycle closed only by `import type` is erased before run time, so it does not count
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'client-not-to-server',
      severity: 'error',
      comment: 'The web client never imports server code; what both sides need lives in common/.',
      from: { path: '^client/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-to-client',
      severity: 'error',
      comment: 'The server never imports client code.',
      from: { path: '^server/', pathNot: '^server/web/' },
      to: { path: '^client/' },
    },
    {
      name: 'server-web-types-only-from-client',
      severity: 'error',
      comment: "server/web/ renders the client's pages: it names the types of the SSR entry and its data, and loads the built code from dist/.",
      from: { path: '^server/web/' },
      to: { path: '^client/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'common-is-shared',
      severity: 'error',
      comment: 'common/ is imported by both sides, so it imports neither.',
      from: { path: '^common/' },
      to: { path: '^(client|server)/' },
    },
    {
      name: 'platform-not-to-features',
      severity: 'error',
      comment: 'server/platform/ is what features build on: it imports no feature and no simulator (features register with it in server/app.ts).',
      from: { path: '^server/platform/' },
      to: { path: '^server/(features|simulators)/' },
    },
    {
      name: 'config-not-to-features',
      severity: 'error',
      comment:
        'server/config.ts reads the environment for the whole process: it imports the platform only (the payment settings are platform/payments-config.ts), so loading the settings loads no feature.',
      from: { path: '^server/config[.]ts$' },
      to: { path: '^server/(features|simulators)/' },
    },
    {
      name: 'features-not-to-simulators',
      severity: 'error',
      comment:
        "The product never names a simulator: it talks to a provider through its adapter, whose address is the simulator's only in simulator mode (server/app.ts mounts it). Tests may drive one.",
      from: { path: '^server/features/', pathNot: '[.]test[.]tsx?$|/test-kit[.]ts$' },
      to: { path: '^server/simulators/' },
    },
    {
      name: 'simulators-not-to-features',
      severity: 'error',
      comment:
        "A simulator stands in for another company's service: it builds on the platform and the database client, never on the product's features (its tests and test kit build the whole app).",
      from: { path: '^server/simulators/', pathNot: '[.]test[.]tsx?$|/test-kit[.]ts$' },
      to: { path: '^server/features/' },
    },
    {
      name: 'feature-through-its-service',
      severity: 'error',
      comment:
        "A feature reaches another feature only through that feature's service.ts (or a module it publishes, listed in PUBLISHED of .dependency-cruiser.cjs).",
      from: { path: '^server/features/([^/]+)/', pathNot: '[.]test[.]tsx?$|/test-kit[.]ts$' },
      to: {
        path: '^server/features/([^/]+)/',
        pathNot: ['^server/features/$1/', '^server/features/[^/]+/service[.]ts$', ...PUBLISHED.map(([p]) => `^server/features/${p}`)],
      },
    },
    {
      name: 'tables-only-in-queries',
      severity: 'error',
      comment:
        "Only a feature's queries files (queries.ts, queries/*.ts, *-queries.ts) import table values from server/db/schema; services call the queries. Types may be imported anywhere with `import type` (exceptions: TABLES_ALSO_IN of .dependency-cruiser.cjs).",
      from: { pathNot: [QUERIES, ...TABLES_ALSO_IN.map(([p]) => p)] },
      to: { path: '^server/db/schema/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-schema-barrel',
      severity: 'error',
      comment:
        "Import the schema module that declares the table (server/db/schema/orders.ts), not server/db/schema/index.ts: that one assembles the whole schema for drizzle's client (server/db/client.ts), the template and drizzle.config.ts.",
      from: { pathNot: '^server/db/(client|template)[.]ts$' },
      to: { path: '^server/db/schema/index[.]ts$' },
    },
    {
      name: 'client-features-apart',
      severity: 'error',
      comment:
        'A client feature never imports another (STYLE rule 14), types and tests included: they meet in client/routes/ (or client/app/), and what several use lives in client/ui/, client/lib/ or the staff shell (client/staff/).',
      from: { path: '^client/features/([^/]+)/' },
      to: { path: '^client/features/([^/]+)/', pathNot: '^client/features/$1/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file or package (a Vite asset import, `…?url`, is a file Vite emits).',
      from: {},
      to: { couldNotResolve: true, pathNot: '\\?url$' },
    },
    {
      name: 'no-non-package-json',
      severity: 'error',
      comment: 'A package used but not declared in package.json: it only works while another package happens to bring it in.',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'not-to-dev-dep',
      severity: 'error',
      comment: 'Code that runs in production imports only `dependencies`, never `devDependencies`.',
      from: { path: '^(server|client|common)/', pathNot: '[.]test[.]tsx?$|/test-kit[.]tsx?$|^server/test/|^client/ui/carousel-test-env[.]tsx$' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|reports|data)/' },
    // swc reports `import type` as a dependency of type 'type-only' (the rules above use it) without this option,
    // which would ask for the TypeScript compiler API that TypeScript 7 does not have
    tsPreCompilationDeps: false,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
