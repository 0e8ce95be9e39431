import { describe, expect, it } from 'vitest'
import { cleanPageCss } from './page-css'

describe('page CSS cleaning', () => {
  it('scopes once: cleaning CSS that was already cleaned (a draft saved again, the preview) changes nothing', () => {
    const once = cleanPageCss(
      'h2 { color: rgb(180, 20, 60) } body { background: red } a > b, :root { margin: 0 } @media (max-width: 600px) { p { margin: 0 } }',
    )
    expect(once).toBe(
      '[data-page-content] h2{color:rgb(180,20,60)}[data-page-content]{background:red}[data-page-content] a>b,[data-page-content]{margin:0}@media (max-width:600px){[data-page-content] p{margin:0}}',
    )
    expect(cleanPageCss(once)).toBe(once)
    expect(cleanPageCss(cleanPageCss(once))).toBe(once)
  })
})
