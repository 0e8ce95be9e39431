import { appLook, type InstallableSite } from './app-manifest'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The page the shopper's service worker shows when a page is neither reachable nor kept (shop-sw.ts): the website's
 * name and colours, what happened, and two ways on: try again (the same address) or the product list, which the
 * worker may have kept. No script (the page's own policy allows none inline) and no other file.
 */
export function offlinePage(site: InstallableSite): string {
  const look = appLook(site)
  const name = escapeHtml(site.name)
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="${escapeHtml(look.background)}">
<title>You are offline | ${name}</title>
<style>
  :root { --primary: ${look.background}; --on-primary: ${look.foreground}; --page: ${look.page}; --text: ${look.text} }
  * { box-sizing: border-box }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px; background: var(--page); color: var(--text);
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif }
  main { max-width: 26rem; text-align: center }
  .shop { display: inline-flex; align-items: center; gap: 10px; font-weight: 700; font-size: 1.1rem; margin-bottom: 28px }
  .shop img { width: 40px; height: 40px; border-radius: 10px }
  svg { display: block; margin: 0 auto 16px; color: var(--primary) }
  h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 8px }
  p { margin: 0 0 24px; opacity: .8 }
  .actions { display: grid; gap: 12px }
  a { display: block; padding: 14px 20px; border-radius: 10px; font-weight: 600; text-decoration: none; min-height: 48px }
  .again { background: var(--primary); color: var(--on-primary) }
  .browse { color: var(--primary); border: 2px solid var(--primary) }
</style>
</head>
<body>
<main>
  <div class="shop"><img src="/app-icon-192.png" alt="" width="40" height="40">${name}</div>
  <svg width="72" height="72" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">
    <path d="M2 8.8a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0"/><path d="M12 20h.01"/><path d="M3 3l18 18"/>
  </svg>
  <h1>You are offline</h1>
  <p>This page needs the internet, and it is not saved on this phone. Check your connection and try again; pages you opened recently still open.</p>
  <div class="actions">
    <a class="again" href="">Try again</a>
    <a class="browse" href="/products">Browse saved products</a>
  </div>
</main>
</body>
</html>
`
}
