// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { TextField } from './form-field'
import { useForm } from './use-form'
import { mobileRule } from '../../common/rules/mobile'

afterEach(cleanup)

function ProfileForm({ onSubmit }: { onSubmit: (v: Record<string, unknown>) => void | Promise<void> }) {
  const form = useForm({
    initialValues: { name: '', email: '', phone: '', code: 'WEB-1' },
    rules: {
      name: { label: 'Name', required: true },
      email: { label: 'Email', type: 'email' },
      phone: { ...mobileRule, label: 'Mobile' },
      code: { label: 'Code', required: true, readonly: true },
    },
    onSubmit,
  })
  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <TextField {...form.field('name')} />
      <TextField {...form.field('email')} />
      <TextField {...form.field('phone')} hint="10 digits" />
      <TextField {...form.field('code')} />
      <button type="submit">Save</button>
      <button type="button" onClick={form.reset}>
        Reset
      </button>
      <output data-testid="submitting">{String(form.submitting)}</output>
    </form>
  )
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  })
const errorOf = (label: string) => {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)).find((el) => el?.className.includes('text-danger'))?.textContent ?? null
}

describe('TextField + useForm', () => {
  it('renders a labelled input; required shows a mark and aria-required', () => {
    render(<ProfileForm onSubmit={() => {}} />)
    expect(field('Name').getAttribute('aria-required')).toBe('true')
    expect(field('Email').type).toBe('email')
    expect(field('Code').readOnly).toBe(true)
    expect(document.getElementById(field('Mobile').getAttribute('aria-describedby') ?? '')?.textContent).toBe('10 digits')
  })

  it('validates on submit and does not submit while a field fails', async () => {
    const onSubmit = vi.fn()
    render(<ProfileForm onSubmit={onSubmit} />)
    type('Email', 'asha@')
    expect(errorOf('Email')).toBeNull() // no error shown before submit
    await submit()
    expect(onSubmit).not.toHaveBeenCalled()
    expect(errorOf('Name')).toBe('Name is required')
    expect(errorOf('Email')).toBe('Email is not a valid email address')
    expect(errorOf('Mobile')).toBeNull()
    expect(errorOf('Code')).toBeNull()
    expect(field('Name').getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(field('Name'))
  })

  it('re-validates a field showing an error as its value changes', async () => {
    render(<ProfileForm onSubmit={() => {}} />)
    await submit()
    type('Name', 'A')
    expect(errorOf('Name')).toBeNull()
    expect(field('Name').getAttribute('aria-invalid')).toBeNull()
    type('Name', '')
    expect(errorOf('Name')).toBeNull() // its error was cleared, so it waits for the next submit
    type('Mobile', '123')
    expect(errorOf('Mobile')).toBeNull()
    await submit()
    expect(errorOf('Mobile')).toBe('Please enter a valid mobile number')
    type('Mobile', '98765')
    expect(errorOf('Mobile')).toBe('Please enter a valid mobile number')
    type('Mobile', '9876543210')
    expect(errorOf('Mobile')).toBeNull()
  })

  it('submits the values when every field passes', async () => {
    let finish!: () => void
    const onSubmit = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve
        }),
    )
    render(<ProfileForm onSubmit={onSubmit} />)
    type('Name', 'Asha')
    type('Email', 'asha@example.com')
    await submit()
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Asha', email: 'asha@example.com', phone: '', code: 'WEB-1' })
    expect(screen.getByTestId('submitting').textContent).toBe('true')
    await act(async () => finish())
    expect(screen.getByTestId('submitting').textContent).toBe('false')
  })

  it('reset restores the initial values and clears errors', async () => {
    render(<ProfileForm onSubmit={() => {}} />)
    type('Email', 'bad')
    await submit()
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }))
    expect(field('Email').value).toBe('')
    expect(errorOf('Name')).toBeNull()
    expect(errorOf('Email')).toBeNull()
  })
})
