import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'

/** The table under each chart: what the chart shows, readable by screen readers and on any screen. */
export function FigureTable({
  caption,
  head,
  rows,
  foot,
  wide = [],
}: {
  caption: string
  head: string[]
  rows: ReactNode[][]
  foot?: ReactNode[]
  /** columns shown from a tablet's width up (a phone shows the others) */
  wide?: number[]
}) {
  const cell = (j: number) => cn(j > 0 ? 'text-right tabular-nums whitespace-nowrap' : 'min-w-24', wide.includes(j) && 'hidden sm:table-cell')
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-left text-muted">
            {head.map((h, i) => (
              <th key={h} scope="col" className={cn('px-2 py-2 font-medium', cell(i))}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-b border-border/60">
              {r.map((c, j) => (
                <td key={j} className={cn('px-2 py-1.5', cell(j))}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {foot && (
          <tfoot>
            <tr className="font-semibold">
              {foot.map((c, j) => (
                <td key={j} className={cn('px-2 py-2', cell(j))}>
                  {c}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  )
}
