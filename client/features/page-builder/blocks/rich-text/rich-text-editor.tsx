import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { classifyLink } from '../../../../../common/rules/links'
import { cn } from '../../../../lib/cn'
import { Button } from '../../../../ui/button'
import { TextField } from '../../../../ui/form-field'
import { TextareaField } from '../../../../ui/textarea-field'

/**
 * The Text block's editor (docs/decisions/0032-rich-text-and-page-lifecycle.md): Tiptap (ProseMirror) with the
 * marks and nodes the server's allow-list keeps (server/platform/rich-text.ts), a toolbar a keyboard reaches
 * (Tab into it, arrows along it, Escape back to the text) and spec §2's link rule on links. The server still
 * cleans what is saved; this only keeps owners from typing what would be dropped. Tables have no toolbar: a
 * text holding one opens as HTML so nothing is lost.
 */

export const LINK_RULE_MESSAGE = 'Links must start with /, http://, https:// or www.'

/** Spec §2's link rule, plus mailto: and tel: (which the server keeps on page text). */
export const isPageTextLink = (href: string) => classifyLink(href).kind !== 'none' || /^(mailto|tel):\S+$/i.test(href.trim())

const EDITOR_PROSE = [
  'min-h-40 px-3 py-2 text-sm leading-6 outline-none',
  '[&_h1]:my-2 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:my-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:my-2 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_p]:my-2 [&_strong]:font-semibold [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:pl-3 [&_blockquote]:italic',
].join(' ')

const extensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['mailto', 'tel'],
      isAllowedUri: (url) => isPageTextLink(url),
      shouldAutoLink: (url) => isPageTextLink(url),
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
    },
  }),
]

type Level = 0 | 1 | 2 | 3

interface Props {
  label: string
  value: string
  onChange: (html: string) => void
  error?: string
}

export function RichTextEditor({ label, value, onChange, error }: Props) {
  const [asHtml, setAsHtml] = useState(() => /<table[\s>]/i.test(value))
  if (asHtml) {
    return (
      <div className="flex flex-col gap-2">
        <TextareaField
          label={`${label} (HTML)`}
          rows={10}
          className="[&_textarea]:font-mono"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          error={error}
          hint="Headings (h1–h3), paragraphs, bold, italic, lists, links and tables. Anything else is removed when you save."
          spellCheck={false}
        />
        <Button type="button" variant="link" className="self-start" onClick={() => setAsHtml(false)}>
          Back to the editor{/<table[\s>]/i.test(value) ? ' (tables are kept only as HTML)' : ''}
        </Button>
      </div>
    )
  }
  return <VisualEditor label={label} value={value} onChange={onChange} error={error} onHtml={() => setAsHtml(true)} />
}

function VisualEditor({ label, value, onChange, error, onHtml }: Props & { onHtml: () => void }) {
  const id = useId()
  const emitted = useRef(value)
  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
        class: EDITOR_PROSE,
      },
    },
    onUpdate: ({ editor }) => {
      const html = editor.isEmpty ? '' : editor.getHTML()
      emitted.current = html
      onChange(html)
    },
  })

  // A value that changed from outside (undo of a removal, a reloaded draft) replaces the text.
  useEffect(() => {
    if (!editor || value === emitted.current) return
    emitted.current = value
    editor.commands.setContent(value, { emitUpdate: false })
  }, [editor, value])

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            link: e.isActive('link'),
            href: (e.getAttributes('link').href as string | undefined) ?? '',
            level: ([1, 2, 3] as const).find((level) => e.isActive('heading', { level })) ?? (0 as Level),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  })
  const [linkOpen, setLinkOpen] = useState(false)

  const chain = () => editor?.chain().focus()
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <div className={cn('rounded-md border border-border bg-surface focus-within:border-primary', error && 'border-danger')}>
        <Toolbar label={`${label}: formatting`} onEscape={() => editor?.commands.focus()}>
          <select
            aria-label="Text style"
            className="h-8 rounded border border-border bg-surface px-1 text-sm"
            value={state?.level ?? 0}
            disabled={!editor}
            onChange={(e) => {
              const level = Number(e.target.value) as Level
              if (level === 0) chain()?.setParagraph().run()
              else chain()?.setHeading({ level }).run()
            }}
          >
            <option value={0}>Paragraph</option>
            <option value={1}>Heading 1</option>
            <option value={2}>Heading 2</option>
            <option value={3}>Heading 3</option>
          </select>
          <Tool label="Bold (Ctrl+B)" pressed={state?.bold} onClick={() => chain()?.toggleBold().run()}>
            <b>B</b>
          </Tool>
          <Tool label="Italic (Ctrl+I)" pressed={state?.italic} onClick={() => chain()?.toggleItalic().run()}>
            <i className="font-serif">I</i>
          </Tool>
          <Tool label="Underline (Ctrl+U)" pressed={state?.underline} onClick={() => chain()?.toggleUnderline().run()}>
            <u>U</u>
          </Tool>
          <Tool label="Bulleted list" pressed={state?.bullet} onClick={() => chain()?.toggleBulletList().run()}>
            • List
          </Tool>
          <Tool label="Numbered list" pressed={state?.ordered} onClick={() => chain()?.toggleOrderedList().run()}>
            1. List
          </Tool>
          <Tool label="Quote" pressed={state?.quote} onClick={() => chain()?.toggleBlockquote().run()}>
            “ ”
          </Tool>
          <Tool label="Link" pressed={state?.link || linkOpen} onClick={() => setLinkOpen((o) => !o)}>
            Link
          </Tool>
          <Tool label="Undo (Ctrl+Z)" disabled={!state?.canUndo} onClick={() => chain()?.undo().run()}>
            ↶ Undo
          </Tool>
          <Tool label="Redo (Ctrl+Shift+Z)" disabled={!state?.canRedo} onClick={() => chain()?.redo().run()}>
            ↷ Redo
          </Tool>
        </Toolbar>
        {linkOpen && editor && (
          <LinkForm
            initial={state?.href ?? ''}
            hasLink={!!state?.link}
            onClose={() => {
              setLinkOpen(false)
              editor.commands.focus()
            }}
            onApply={(href) => {
              const c = editor.chain().focus().extendMarkRange('link')
              if (editor.state.selection.empty && !editor.isActive('link'))
                c.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run()
              else c.setLink({ href }).run()
              setLinkOpen(false)
            }}
            onRemove={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run()
              setLinkOpen(false)
            }}
          />
        )}
        <EditorContent editor={editor} data-rich-text-editor="" />
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : (
        <p className="text-sm text-muted">
          Headings, bold, italic, lists and links. Pasted styles are removed when you save.{' '}
          <button type="button" className="text-primary underline underline-offset-2" onClick={onHtml}>
            Edit as HTML
          </button>
        </p>
      )}
    </div>
  )
}

/** A toolbar per the ARIA pattern: one stop in the tab order, arrows (Home/End) move along it, Escape returns. */
function Toolbar({ label, children, onEscape }: { label: string; children: ReactNode; onEscape: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState(0)
  const items = () => [...(ref.current?.querySelectorAll<HTMLElement>('button:not(:disabled), select:not(:disabled)') ?? [])]
  useEffect(() => {
    items().forEach((el, i) => {
      el.tabIndex = i === active ? 0 : -1
    })
  })
  return (
    // biome-ignore lint/a11y/useSemanticElements: the ARIA toolbar pattern has no HTML element
    <div
      ref={ref}
      role="toolbar"
      tabIndex={-1}
      aria-label={label}
      className="flex flex-wrap items-center gap-1 border-b border-border p-1"
      onFocus={(e) => {
        const i = items().indexOf(e.target as HTMLElement)
        if (i >= 0) setActive(i)
      }}
      onKeyDown={(e) => {
        const list = items()
        const at = list.indexOf(e.target as HTMLElement)
        if (at < 0) return
        const isSelect = (e.target as HTMLElement).tagName === 'SELECT'
        let next = -1
        if (e.key === 'ArrowRight' || (e.key === 'ArrowDown' && !isSelect)) next = (at + 1) % list.length
        else if (e.key === 'ArrowLeft' || (e.key === 'ArrowUp' && !isSelect)) next = (at - 1 + list.length) % list.length
        else if (e.key === 'Home') next = 0
        else if (e.key === 'End') next = list.length - 1
        else if (e.key === 'Escape') {
          e.preventDefault()
          onEscape()
          return
        }
        if (next < 0) return
        e.preventDefault()
        setActive(next)
        list[next].focus()
      }}
    >
      {children}
    </div>
  )
}

function Tool({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string
  pressed?: boolean
  disabled?: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn('h-8 min-w-8 rounded px-2 text-sm hover:bg-background disabled:opacity-40', pressed && 'bg-primary/15 text-primary')}
    >
      {children}
    </button>
  )
}

function LinkForm({
  initial,
  hasLink,
  onApply,
  onRemove,
  onClose,
}: {
  initial: string
  hasLink: boolean
  onApply: (href: string) => void
  onRemove: () => void
  onClose: () => void
}) {
  const [href, setHref] = useState(initial)
  const [error, setError] = useState<string>()
  const apply = () => {
    const value = href.trim()
    if (!isPageTextLink(value)) return setError(LINK_RULE_MESSAGE)
    onApply(value)
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Enter applies and Escape closes, as in a dialog
    <div
      className="flex flex-wrap items-end gap-2 border-b border-border bg-background p-2"
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault()
          apply()
        } else if (e.key === 'Escape') {
          e.preventDefault()
          onClose()
        }
      }}
    >
      <TextField
        label="Link address"
        className="min-w-48 flex-1"
        value={href}
        placeholder="/products or https://…"
        hint="/… opens in this tab; http(s):// and www. in a new tab"
        error={error}
        autoFocus
        onChange={(e) => {
          setHref(e.target.value)
          setError(undefined)
        }}
      />
      <Button type="button" size="sm" onClick={apply}>
        Apply link
      </Button>
      {hasLink && (
        <Button type="button" size="sm" variant="outline" onClick={onRemove}>
          Remove link
        </Button>
      )}
      <Button type="button" size="sm" variant="ghost" onClick={onClose}>
        Cancel
      </Button>
    </div>
  )
}
