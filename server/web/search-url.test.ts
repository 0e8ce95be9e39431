import { describe, expect, it } from 'vitest'
import { trimmedSearchUrl } from './search-url'

describe('trimmedSearchUrl (spec §2: a search lands on /products?q={trimmed text})', () => {
  it.each([
    ['/products?q=++basmati++', '/products?q=basmati'],
    ['/products?q=%20basmati%20rice%20', '/products?q=basmati%20rice'],
    ['/products?q=+', '/products'],
    ['/products?q=', '/products'],
    ['/products?c=rice&q=+basmati', '/products?c=rice&q=basmati'],
  ])('sends %s on to %s', (url, to) => {
    expect(trimmedSearchUrl(url)).toBe(to)
  })

  it.each(['/products?q=basmati', '/products?q=basmati%20rice', '/products', '/products?c=rice', '/?q=+basmati+', '/products/basmati?q=+x'])(
    'leaves %s alone',
    (url) => {
      expect(trimmedSearchUrl(url)).toBeNull()
    },
  )
})
