/**
 * A package loaded the first time it is used, not when the app starts (issue #16: idle memory). Heavy packages that
 * most processes never or seldom need (image processing, PDF, the payment SDKs) cost 60 MB of an idle process's
 * memory when imported up front. Give it a `require` made with `createRequire(import.meta.url)`.
 */
export function lazyModule<T extends object>(load: () => T): T {
  let loaded: T | undefined
  const target = () => (loaded ??= load())
  return new Proxy(function lazy() {} as unknown as T, {
    apply: (_f, self, args) => Reflect.apply(target() as (...a: unknown[]) => unknown, self, args),
    construct: (_f, args) => Reflect.construct(target() as new (...a: unknown[]) => object, args),
    get: (_f, prop) => Reflect.get(target(), prop),
    set: (_f, prop, value) => Reflect.set(target(), prop, value),
    has: (_f, prop) => Reflect.has(target(), prop),
  })
}
