import { useEffect, useLayoutEffect } from 'react'

/** useLayoutEffect in the browser, useEffect during SSR (where neither runs anyway). */
export const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect
