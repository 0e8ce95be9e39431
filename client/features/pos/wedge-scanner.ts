/**
 * A USB barcode scanner is a keyboard (a "keyboard wedge"): it types the code very fast and presses Enter.
 * People type far slower, so keys that arrive close together and end in Enter are a scan, wherever the focus is.
 * This is the detector, free of the DOM so it can be tested; `listenForScans` wires it to the window.
 */
export interface WedgeOptions {
  /** shortest code taken as a scan */
  minLength?: number
  /** the average gap between keys of a scan, at most (ms) */
  maxAverageGap?: number
  /** any single gap longer than this starts over (ms) */
  maxGap?: number
}

export class WedgeDetector {
  private chars: string[] = []
  private times: number[] = []
  private readonly minLength: number
  private readonly maxAverageGap: number
  private readonly maxGap: number

  constructor({ minLength = 4, maxAverageGap = 35, maxGap = 120 }: WedgeOptions = {}) {
    this.minLength = minLength
    this.maxAverageGap = maxAverageGap
    this.maxGap = maxGap
  }

  /** Whether this key starts a new burst (the caller remembers the field's value from before it). */
  startsBurst(time: number): boolean {
    const last = this.times.at(-1)
    return last === undefined || time - last > this.maxGap
  }

  /** Feeds one key (KeyboardEvent.key) at `time` ms: the scanned code when this key is the Enter that ends a scan, else null. */
  key(key: string, time: number): string | null {
    if (key === 'Enter') {
      const code = this.isScan(time) ? this.chars.join('') : null
      this.reset()
      return code
    }
    if (key.length !== 1) {
      if (key !== 'Shift') this.reset()
      return null
    }
    if (this.startsBurst(time)) this.reset()
    this.chars.push(key)
    this.times.push(time)
    return null
  }

  reset() {
    this.chars = []
    this.times = []
  }

  get length() {
    return this.chars.length
  }

  private isScan(enterAt: number): boolean {
    const n = this.times.length
    if (n < this.minLength) return false
    const first = this.times[0]
    const last = this.times[n - 1]
    if (enterAt - last > this.maxGap) return false
    return (enterAt - first) / n <= this.maxAverageGap
  }
}

const setNativeValue = (el: HTMLInputElement | HTMLTextAreaElement, value: string) => {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value)
  el.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * Listens on the whole window (capture phase) for scans: the Enter of a scan is kept from the page, and a text field
 * the scanner typed into gets its value back, so a scan never leaves a code in the customer's mobile field.
 */
export function listenForScans(onScan: (code: string) => void, options?: WedgeOptions): () => void {
  const detector = new WedgeDetector(options)
  let field: HTMLInputElement | HTMLTextAreaElement | null = null
  let before = ''
  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return
    const now = performance.now()
    if (e.key.length === 1 && detector.startsBurst(now)) {
      const t = e.target
      field = t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement ? t : null
      before = field?.value ?? ''
    }
    const code = detector.key(e.key, now)
    if (code === null) return
    e.preventDefault()
    e.stopPropagation()
    if (field && field.value !== before) setNativeValue(field, before)
    field = null
    onScan(code)
  }
  window.addEventListener('keydown', onKey, true)
  return () => window.removeEventListener('keydown', onKey, true)
}
