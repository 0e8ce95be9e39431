/** A payment provider's script, loaded once per page (checkout and paying the khata). */
const loading = new Map<string, Promise<void>>()

/** Adds the provider's script once (the simulator serves it from this origin, which the CSP allows). */
export function loadScript(src: string): Promise<void> {
  let p = loading.get(src)
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script')
      el.src = src
      el.async = true
      el.onload = () => resolve()
      el.onerror = () => {
        loading.delete(src)
        el.remove()
        reject(new Error('The payment page could not be loaded. Check your connection and try again.'))
      }
      document.head.append(el)
    })
    loading.set(src, p)
  }
  return p
}
