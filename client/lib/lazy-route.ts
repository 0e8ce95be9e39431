import { type ComponentType, createElement, lazy } from 'react'

export interface LazyRoute<P extends object = object> {
  (props: P): ReturnType<typeof createElement>
  preload(): Promise<void>
  /** the route's source module under client/ (its key in Vite's manifest): the server preloads its chunk with the page */
  module: string
}

/**
 * A route component in its own chunk. `preload()` before rendering (the server does, and so does the
 * browser before hydrating) makes it render synchronously, so server HTML hydrates without a fallback.
 */
export function lazyRoute<P extends object = object>(module: string, load: () => Promise<ComponentType<P>>): LazyRoute<P> {
  let loaded: ComponentType<P> | null = null
  let pending: Promise<void> | null = null
  const preload = () =>
    (pending ??= load().then((component) => {
      loaded = component
    }))
  const Lazy = lazy(async () => {
    await preload()
    return { default: loaded! }
  })
  const Route = (props: P) => createElement(loaded ?? Lazy, props)
  return Object.assign(Route, { preload, module })
}
