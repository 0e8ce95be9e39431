/**
 * Registers the shopper's service worker (/sw.js, scope /; server/web/shop-sw.ts) once the page has loaded and the
 * browser is idle, so it never competes with the first load. Not from the staff areas or the counter (its own worker).
 */
export function registerShopWorker() {
  if (!('serviceWorker' in navigator) || /^\/(pos|bos|page-builder)(\/|$)/.test(location.pathname)) return
  const register = () => navigator.serviceWorker.register('/sw.js').catch(() => undefined)
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 2000))
  if (document.readyState === 'complete') whenIdle()
  else addEventListener('load', whenIdle, { once: true })
}
