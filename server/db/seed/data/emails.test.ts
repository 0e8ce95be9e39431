import { describe, expect, it } from 'vitest'
import { EMAIL_PATTERN } from '../../../../common/rules/form-field'
import { DEMO_ACCOUNTS } from '../index'
import { seedSites } from './sites'

describe('demo e-mail addresses', () => {
  it("pass the spec's own e-mail rule (final label of 2 to 4 letters)", () => {
    const emails = [...DEMO_ACCOUNTS.map((a) => a.email), ...seedSites.map((s) => s.settings.webAddress.email)]
    expect(emails.length).toBeGreaterThan(3)
    for (const e of emails) expect(EMAIL_PATTERN.test(e), e).toBe(true)
  })
})
