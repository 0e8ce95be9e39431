import { useEffect, useRef, type MouseEvent } from 'react'
import type * as z from 'zod/mini'
import type { RichTextBlock } from '../../../../../common/contracts/page-blocks'
import { useNavigate } from '../../../../lib/router'
import type { BlockView } from '../block-view'
import { field, stringOr } from '../stored'
import { classifyLink } from '../slide-link'

// No typography plugin is installed; these arbitrary variants give stored HTML a calm, readable "prose" look.
const PROSE = [
  'max-w-3xl text-[15px] leading-7 text-text md:text-base',
  '[&>:first-child]:mt-0 [&>:last-child]:mb-0',
  '[&_h1]:mt-2 [&_h1]:mb-4 [&_h1]:text-2xl [&_h1]:leading-tight [&_h1]:font-bold [&_h1]:tracking-tight md:[&_h1]:text-3xl',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_p]:my-3 [&_strong]:font-semibold',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1 [&_li]:pl-1 [&_li]:marker:text-primary',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:decoration-primary/40 [&_a]:underline-offset-2 [&_a:hover]:decoration-primary',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:pl-4 [&_blockquote]:text-muted [&_blockquote]:italic',
  '[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl',
  '[&_hr]:my-8 [&_hr]:border-border',
  '[&_table]:my-4 [&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:border-border [&_td]:px-3 [&_td]:py-2 [&_th]:border [&_th]:border-border [&_th]:bg-background [&_th]:px-3 [&_th]:py-2 [&_th]:text-left',
  '[&_code]:rounded [&_code]:bg-background [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.9em]',
].join(' ')

/** //host and /\host look like site paths but leave the site (SECURITY XS-06). */
const isOffsiteLookalike = (href: string) => /^\/[/\\]/.test(href.replace(/[\t\n\r]/g, '').trim())

type RichTextProps = Partial<Pick<z.infer<typeof RichTextBlock.data>, 'html'>>

export const richTextView: BlockView<RichTextProps> = {
  read: (block) => ({ html: stringOr(field(block.data, 'html')) }),
  View: RichText,
}

/**
 * Stored HTML, already sanitised by the server. Internal links not marked as data links (`data-link`)
 * navigate without a full reload (spec §2);
 * http(s) and www. links open in a new tab without an opener; //host links are never followed.
 */
function RichText({ html }: RichTextProps) {
  const ref = useRef<HTMLDivElement>(null)
  const navigate = useNavigate()

  useEffect(() => {
    ref.current?.querySelectorAll('a[href]').forEach((a) => {
      const href = a.getAttribute('href') ?? ''
      const target = classifyLink(href)
      if (target.kind === 'external') {
        a.setAttribute('href', target.href)
        a.setAttribute('target', '_blank')
        a.setAttribute('rel', 'noopener noreferrer')
      } else if (isOffsiteLookalike(href)) {
        a.removeAttribute('href')
      }
    })
  }, [html])

  if (html === undefined || !html.trim()) return null

  function onClick(e: MouseEvent<HTMLDivElement>) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    const a = e.target instanceof Element ? e.target.closest('a') : null
    if (!a || !e.currentTarget.contains(a) || a.hasAttribute('download') || a.hasAttribute('data-link')) return
    const href = a.getAttribute('href') ?? ''
    const target = classifyLink(href)
    if (target.kind === 'internal' && (!a.target || a.target === '_self')) {
      e.preventDefault()
      navigate(target.to)
    } else if (target.kind === 'external' && a.target !== '_blank') {
      e.preventDefault()
      window.open(target.href, '_blank', 'noopener,noreferrer')
    } else if (isOffsiteLookalike(href)) {
      e.preventDefault()
    }
  }

  // The click handler only reads link targets; keyboard activation of a link fires click too.
  // biome-ignore lint/a11y/useKeyWithClickEvents: see above
  // biome-ignore lint/a11y/noStaticElementInteractions: see above
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitised this HTML when it was saved
  return <div ref={ref} className={PROSE} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
}
