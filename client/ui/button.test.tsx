// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Button } from './button'
import { Spinner } from './spinner'

afterEach(cleanup)

describe('Button', () => {
  it('is a type=button with primary styling by default', () => {
    render(<Button>Submit</Button>)
    const button = screen.getByRole('button', { name: 'Submit' })
    expect(button.getAttribute('type')).toBe('button')
    expect(button.className).toContain('bg-primary')
    expect(button.getAttribute('aria-busy')).toBeNull()
  })

  it.each([
    ['outline', 'border-border'],
    ['ghost', 'bg-transparent'],
    ['link', 'text-primary'],
  ] as const)('variant %s', (variant, cls) => {
    render(<Button variant={variant}>Go</Button>)
    expect(screen.getByRole('button').className).toContain(cls)
  })

  it('adds className to its variant and size classes', () => {
    render(
      <Button size="sm" className="w-full">
        Go
      </Button>,
    )
    const cls = screen.getByRole('button').className.split(' ')
    expect(cls).toContain('w-full')
    expect(cls).toContain('h-8')
  })

  it('shows a spinner, sets aria-busy and is disabled while loading', () => {
    const onClick = vi.fn()
    render(
      <Button loading onClick={onClick}>
        Continue to Checkout
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Continue to Checkout' })
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect((button as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByTestId('button-spinner')).toBeTruthy()
    fireEvent.click(button)
    expect(onClick).not.toHaveBeenCalled()
  })
})

describe('Spinner', () => {
  it('is decorative without a label', () => {
    const { container } = render(<Spinner />)
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('announces its label', () => {
    render(<Spinner label="Loading" />)
    expect(screen.getByRole('status').textContent).toBe('Loading')
  })
})
