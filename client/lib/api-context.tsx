import { createContext, type ReactNode, use } from 'react'
import type { Api } from './api'

const ApiContext = createContext<Api | null>(null)

export function ApiProvider({ api, children }: { api: Api; children: ReactNode }) {
  return <ApiContext value={api}>{children}</ApiContext>
}

export function useApi(): Api {
  const api = use(ApiContext)
  if (!api) throw new Error('useApi needs <ApiProvider>')
  return api
}
