// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { savePath, takeSavedPath } from './saved-path'

describe('saved sign-in path (spec §4)', () => {
  beforeEach(() => sessionStorage.clear())

  it('keeps the full path with query and hash, and removes it when read', () => {
    savePath('/account/orders?page=2#latest')
    expect(takeSavedPath()).toBe('/account/orders?page=2#latest')
    expect(takeSavedPath()).toBeNull()
  })

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'account'])('never keeps %j (open redirect)', (path) => {
    savePath(path)
    expect(takeSavedPath()).toBeNull()
    sessionStorage.setItem('auth.redirect', path)
    expect(takeSavedPath()).toBeNull()
  })
})
