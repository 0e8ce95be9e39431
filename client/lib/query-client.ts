import { QueryClient } from '@tanstack/react-query'
import type { ApiError } from './error-text'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (count, err) => count < 2 && !((err as ApiError).status >= 400 && (err as ApiError).status < 500),
      },
    },
  })
}
