// The accounts feature's queries, one file per idea; its modules import them all as `q`.
export * from './users' // people: found by id, mobile or email; created, changed, verified
export * from './codes' // one-time sign-in codes and their limits
export * from './websites' // roles, website switching, audit
export * from './addresses' // addresses (always by website and user: a foreign id finds nothing)
export * from './staff' // staff of a website (only rows with a role count; docs/decisions/0020)
export * from './customers' // customers of a website: anyone with a relationship with it (docs/decisions/0006)
export * from './privacy' // privacy requests (issue 11): a person's data, and erasing it
export * from './profiles' // what one website knows of a person (docs/decisions/0034): staff read these, never the account's fields
