import type { ReactNode } from 'react'

/**
 * A page's blocks inside the element its own CSS is scoped to (decision 0025: the server parsed the CSS, scoped
 * every selector to [data-page-content] and wrote `</` as `\3c /`). The CSS is a text child of <style>, never
 * markup; `</` is escaped here once more so no stored text can close the element.
 */
export function PageContent({ css, className, children }: { css?: string | null; className?: string; children: ReactNode }) {
  const text = css ? css.replace(/<(?=[/!])/g, '\\3c ') : ''
  return (
    // data-page-content: PAGE_CSS_SCOPE of common/contracts/admin-pages.ts (not imported: staff code stays out of the shop's bundle)
    <div data-page-content="" className={className}>
      {text && <style>{text}</style>}
      {children}
    </div>
  )
}
