import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * A plain HTTP forward proxy between one browser context and the test server, whose cable can be pulled: `cut()`
 * drops every open connection and refuses new ones, `restore()` lets them through again. Unlike Playwright's
 * `setOffline` (which may not reach a service worker's own fetches, microsoft/playwright#2311) nothing of the
 * context gets through a cut, its service worker included: a page that still loads was served from the worker's cache.
 * Chromium proxies loopback addresses for a context's proxy (Playwright adds `<-loopback>` to the bypass list).
 */
export async function networkCut() {
  let down = false
  /** requests forwarded / refused while cut, by path */
  const forwarded: string[] = []
  const refused: string[] = []
  const sockets = new Set<Socket>()
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? '/')
    if (down) {
      refused.push(target.pathname)
      req.socket.destroy()
      return
    }
    forwarded.push(target.pathname)
    const headers = { ...req.headers }
    delete headers['proxy-connection']
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwarded,
    refused,
    cut() {
      down = true
      for (const s of sockets) s.destroy()
      sockets.clear()
    },
    restore() {
      down = false
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}
