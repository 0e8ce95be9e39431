// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { isPageTextLink, LINK_RULE_MESSAGE, RichTextEditor } from './rich-text-editor'

afterEach(cleanup)

function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <RichTextEditor
        label="Text"
        value={value}
        onChange={(html) => {
          seen.push(html)
          setValue(html)
        }}
      />
      <button type="button" onClick={() => setValue('<p>From outside</p>')}>
        outside
      </button>
    </>
  )
}

const setup = async (initial = '<p>Hello</p>') => {
  const seen: string[] = []
  render(<Harness initial={initial} seen={seen} />)
  await waitFor(() => expect(document.querySelector('[data-rich-text-editor] [contenteditable]')).toBeTruthy())
  return { seen, last: () => seen.at(-1) ?? '', area: () => document.querySelector('[data-rich-text-editor] [contenteditable]') as HTMLElement }
}

describe('the Text block editor', () => {
  it('follows spec §2 link rules (plus mailto/tel): javascript:, data: and //host are not links', () => {
    for (const ok of ['/products', '/c/rice?x=1', 'https://example.com', 'http://a.in/x', 'www.example.com', 'mailto:a@b.in', 'tel:+919800000000']) {
      expect(isPageTextLink(ok), ok).toBe(true)
    }
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', 'ftp://x', 'vbscript:x', '']) {
      expect(isPageTextLink(bad), bad).toBe(false)
    }
  })

  it('shows the text as formatted, labelled, with a toolbar of labelled buttons', async () => {
    const { area } = await setup('<h2>Offers</h2><p>Up to <strong>30%</strong> off</p>')
    expect(area().innerHTML).toContain('<h2>Offers</h2>')
    expect(area().getAttribute('role')).toBe('textbox')
    expect(area().getAttribute('aria-labelledby')).toBeTruthy()
    const toolbar = screen.getByRole('toolbar', { name: 'Text: formatting' })
    for (const name of ['Bold (Ctrl+B)', 'Italic (Ctrl+I)', 'Bulleted list', 'Numbered list', 'Link', 'Undo (Ctrl+Z)']) {
      expect(screen.getByRole('button', { name })).toBeTruthy()
    }
    expect(toolbar.querySelectorAll('[tabindex="0"]')).toHaveLength(1) // one tab stop
  })

  it('moves along the toolbar with the arrow keys, Home and End', async () => {
    await setup()
    const style = screen.getByRole('combobox', { name: 'Text style' })
    act(() => style.focus())
    fireEvent.keyDown(style, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bold (Ctrl+B)' }))
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Italic (Ctrl+I)' }))
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' })
    expect(document.activeElement, 'the last enabled tool (nothing to undo yet)').toBe(screen.getByRole('button', { name: 'Link' }))
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' })
    expect(document.activeElement).toBe(style)
    await waitFor(() => expect(style.getAttribute('tabindex')).toBe('0'))
  })

  it('turns the paragraph into a heading and a list, and undoes it', async () => {
    const { last } = await setup()
    fireEvent.change(screen.getByRole('combobox', { name: 'Text style' }), { target: { value: '2' } })
    await waitFor(() => expect(last()).toBe('<h2>Hello</h2>'))
    fireEvent.click(screen.getByRole('button', { name: 'Bulleted list' }))
    await waitFor(() => expect(last()).toBe('<ul><li><p>Hello</p></li></ul>'))
    expect(screen.getByRole('button', { name: 'Bulleted list' }).getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'Undo (Ctrl+Z)' }))
    await waitFor(() => expect(last()).not.toContain('<ul>'))
    fireEvent.click(screen.getByRole('button', { name: 'Redo (Ctrl+Shift+Z)' }))
    await waitFor(() => expect(last()).toContain('<ul>'))
  })

  it('refuses a link against the rule with its message, and inserts an allowed one', async () => {
    const { last } = await setup()
    fireEvent.click(screen.getByRole('button', { name: 'Link' }))
    const field = screen.getByRole('textbox', { name: 'Link address' })
    fireEvent.change(field, { target: { value: 'javascript:alert(1)' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply link' }))
    expect(screen.getByText(LINK_RULE_MESSAGE)).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(field, { target: { value: '/products' } })
    fireEvent.keyDown(field, { key: 'Enter' })
    await waitFor(() => expect(last()).toMatch(/<a [^>]*href="\/products"[^>]*>\/products<\/a>/))
    expect(screen.queryByRole('textbox', { name: 'Link address' })).toBeNull()
  })

  it('drops a javascript: link from pasted or loaded HTML', async () => {
    const { area } = await setup('<p><a href="javascript:alert(1)">bad</a> and <a href="/ok">good</a></p>')
    expect(area().innerHTML).not.toContain('javascript:')
    expect(area().innerHTML).toContain('href="/ok"')
  })

  it('takes a value changed from outside (a reloaded draft) without echoing it back', async () => {
    const { seen, area } = await setup()
    const before = seen.length
    fireEvent.click(screen.getByRole('button', { name: 'outside' }))
    await waitFor(() => expect(area().innerHTML).toContain('From outside'))
    expect(seen.length).toBe(before)
  })

  it('opens a text holding a table as HTML, so the table is not lost', async () => {
    const seen: string[] = []
    render(<Harness initial="<table><tr><td>1 kg</td></tr></table>" seen={seen} />)
    const html = screen.getByRole('textbox', { name: /Text \(HTML\)/ }) as HTMLTextAreaElement
    expect(html.value).toContain('<table>')
    fireEvent.change(html, { target: { value: '<p>No table</p>' } })
    expect(seen.at(-1)).toBe('<p>No table</p>')
    fireEvent.click(screen.getByRole('button', { name: /Back to the editor/ }))
    await waitFor(() => expect(document.querySelector('[data-rich-text-editor] [contenteditable]')?.innerHTML).toContain('No table'))
  })
})
