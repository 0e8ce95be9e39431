import { releaseName } from '../../scripts/release-name.mjs'

/** Compiled in by scripts/build-server.mjs (esbuild `define`), as vite compiles it into the browser's code. */
declare const __STOREFRONT_RELEASE__: string | undefined

/**
 * The build's name, which the server's error reports carry: the same as the browser's (scripts/release-name.mjs),
 * fixed when built; from source (development, tests) worked out the same way when the process starts.
 */
export const RELEASE: string = typeof __STOREFRONT_RELEASE__ === 'string' ? __STOREFRONT_RELEASE__ : releaseName()

/** Whether this is the compiled server (dist/app/*.js, scripts/build-server.mjs) rather than the sources through tsx. */
export const COMPILED: boolean = typeof __STOREFRONT_RELEASE__ === 'string'
