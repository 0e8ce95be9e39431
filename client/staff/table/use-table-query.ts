import { useCallback, useEffect, useMemo } from 'react'
import type { output } from 'zod/v4/core'
import { useSearchParams } from '../../lib/router'
import { nextTableQuery, parseTableQuery, tableQueryString, type TableQuerySchema } from './table-query'

/**
 * A staff table's search, filters, sort and page live in the address, so a view can be bookmarked and shared.
 * `setQuery` changes part of it (back to page 1 unless the page itself changes); `replace` for each keystroke of
 * a search, so Back does not step through every letter.
 */
export function useTableQuery<S extends TableQuerySchema>(schema: S) {
  const [search, setSearch] = useSearchParams()
  const { query, dropped } = useMemo(() => parseTableQuery(schema, search), [schema, search])
  const setQuery = useCallback(
    (change: Partial<output<S>>, options: { replace?: boolean } = {}) => {
      const next = nextTableQuery(query, change)
      setSearch(new URLSearchParams(tableQueryString(schema, next)), { replace: options.replace, preventScrollReset: true })
    },
    [query, schema, setSearch],
  )
  // An address with values the table cannot use is corrected in place (the rest of the view is kept).
  const droppedKey = dropped.join(',')
  useEffect(() => {
    if (droppedKey) setSearch(new URLSearchParams(tableQueryString(schema, query)), { replace: true, preventScrollReset: true })
  }, [droppedKey, query, schema, setSearch])
  return { query, setQuery, dropped }
}
