import { describe, expect, it } from 'vitest'
import { landmarkText } from './address'

describe('landmarkText', () => {
  it('adds "near" only where the shopper did not write a place word of their own', () => {
    expect(landmarkText('Temple')).toBe('near Temple')
    expect(landmarkText('Near BDA Complex')).toBe('Near BDA Complex')
    expect(landmarkText('  near the park ')).toBe('near the park')
    expect(landmarkText('Opp. Bus Stand')).toBe('Opp. Bus Stand')
    expect(landmarkText('Behind SBI')).toBe('Behind SBI')
    expect(landmarkText('Nearby Mall')).toBe('near Nearby Mall')
  })
})
