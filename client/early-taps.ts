/**
 * Taps made before the page is interactive (docs/decisions/0010-first-interaction.md). The server puts this in the
 * head as a classic, parser-blocking script, so it runs before anything is painted: until the app has hydrated
 * (App sets data-hydrated on <html>), a click on a button, checkbox or radio button is held back and replayed,
 * in order, once it has. Links and forms with an action work without script and are left alone.
 * No imports: a few hundred bytes that wait for nothing. The block keeps its names out of the page's global scope.
 *
 * It also keeps the page's errors from its first moment (issue 27): monitoring loads seconds after the page is
 * interactive (client/app/telemetry-start.ts), and an error thrown before that was lost. Uncaught errors and
 * unhandled rejections are queued here (at most 20) until monitoring takes them (window.__earlyErrors.take()) and
 * reports each. A classic script of our own origin rather than an inline one: the pages' CSP allows no inline script.
 */
export {}

{
  const queued: unknown[] = []
  const keep = (error: unknown) => {
    if (queued.length < 20) queued.push(error)
  }
  const onError = (e: ErrorEvent) => keep(e.error ?? new Error(e.message))
  const onRejection = (e: PromiseRejectionEvent) => keep(e.reason)
  addEventListener('error', onError)
  addEventListener('unhandledrejection', onRejection)
  ;(window as Window & { __earlyErrors?: { take(): unknown[] } }).__earlyErrors = {
    take() {
      removeEventListener('error', onError)
      removeEventListener('unhandledrejection', onRejection)
      return queued.splice(0)
    },
  }
}

{
  const held: HTMLElement[] = []
  const html = document.documentElement

  /** The control a click would operate that only the app's script can answer, if any. */
  const controlOf = (target: EventTarget | null): HTMLElement | null => {
    const el = target instanceof Element ? target.closest('button, label, input') : null
    if (el instanceof HTMLButtonElement) return el.form?.hasAttribute('action') ? null : el
    const input = el instanceof HTMLLabelElement ? el.control : el
    return input instanceof HTMLInputElement && (input.type === 'checkbox' || input.type === 'radio') ? (el as HTMLElement) : null
  }

  const hold = (e: MouseEvent) => {
    const control = controlOf(e.target)
    if (!control) return
    e.preventDefault()
    e.stopImmediatePropagation()
    held.push(control)
  }

  // One at a time, each after the app has rendered the previous one's answer (a second tap on 'Add to Cart' meets the busy button, as it would live).
  const replay = () => {
    const control = held.shift()
    if (!control) return
    if (control.isConnected) control.click()
    setTimeout(replay, 0)
  }

  addEventListener('click', hold, true)
  new MutationObserver((_, observer) => {
    if (html.dataset.hydrated !== 'true') return
    observer.disconnect()
    removeEventListener('click', hold, true)
    replay()
  }).observe(html, { attributes: true, attributeFilter: ['data-hydrated'] })
}
