// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { FileField } from './file-field'

afterEach(cleanup)

describe('FileField', () => {
  it('shows the placeholder with a real ellipsis until a file is chosen', () => {
    render(<FileField label="Invoice" />)
    expect(screen.getByTestId('file-name').textContent).toBe('Choose a file…')
    expect(screen.getByTestId('file-name').textContent).toBe('Choose a file\u2026')
  })

  it('is a single-file input named by its label that reports and shows the chosen file', () => {
    const onFileChange = vi.fn()
    render(<FileField label="Invoice" accept="application/pdf" onFileChange={onFileChange} />)
    const input = screen.getByLabelText('Invoice') as HTMLInputElement
    expect(input.type).toBe('file')
    expect(input.multiple).toBe(false)
    const file = new File(['%PDF'], 'invoice-42.pdf', { type: 'application/pdf' })
    fireEvent.change(input, { target: { files: [file] } })
    expect(onFileChange).toHaveBeenCalledWith(file)
    expect(screen.getByTestId('file-name').textContent).toBe('invoice-42.pdf')
  })

  it('goes back to the placeholder when the choice is cleared', () => {
    const onFileChange = vi.fn()
    render(<FileField label="Invoice" onFileChange={onFileChange} />)
    const input = screen.getByLabelText('Invoice')
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.png')] } })
    fireEvent.change(input, { target: { files: [] } })
    expect(onFileChange).toHaveBeenLastCalledWith(null)
    expect(screen.getByTestId('file-name').textContent).toBe('Choose a file…')
  })

  it('shows an error tied to the input', () => {
    render(<FileField label="Invoice" error="Invoice is required" />)
    const input = screen.getByLabelText('Invoice')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Invoice is required')
  })
})
