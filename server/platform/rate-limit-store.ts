import { createRequire } from 'node:module'
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Redis } from 'ioredis'
import type { WatchedRedis } from './redis'

type Result = { current: number; ttl: number }
type Callback = (error: Error | null, result?: Result) => void
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0]
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void
  read(key: string, cb: Callback, timeWindow: number, max: number): void
  child(routeOptions: RouteOptions): Store
}

// @fastify/rate-limit's own stores (its files, not named in its types): the counting stays theirs.
const require = createRequire(import.meta.url)
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis) => Store
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (continueExceeding: boolean, exponentialBackoff: boolean) => Store

/**
 * Rate limits counted in Redis, shared by every app process, and in this process while Redis does not answer: a
 * limit never switches off (the plugin's `skipOnError` would let everything through), it only stops being shared.
 */
export function sharedOrLocalStore(redis: WatchedRedis): FastifyRateLimitStoreCtor {
  const pair = (shared: Store, local: Store): FastifyRateLimitStore & Store => {
    const use = (method: 'incr' | 'read') => (key: string, cb: Callback, timeWindow: number, max: number) => {
      if (!redis.up()) return local[method](key, cb, timeWindow, max)
      shared[method](key, (err, result) => (err ? local[method](key, cb, timeWindow, max) : cb(null, result)), timeWindow, max)
    }
    return {
      incr: use('incr'),
      read: use('read'),
      child: (routeOptions: RouteOptions) => pair(shared.child(routeOptions), local.child(routeOptions)),
    }
  }
  return function SharedOrLocalStore(this: unknown, options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
    const { continueExceeding = false, exponentialBackoff = false } = options
    return pair(new RedisStore(continueExceeding, exponentialBackoff, redis.client), new LocalStore(continueExceeding, exponentialBackoff))
  } as unknown as FastifyRateLimitStoreCtor
}
