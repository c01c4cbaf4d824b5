import * as fs from "node:fs"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures")

/**
 * The test pages, served on loopback, and the page log: every event a page sees is POSTed to /log and kept here in
 * order. The tests verify an action's effect through this log, not through the DevTools connection that acted.
 */
export interface PageServer {
  readonly url: (page: string) => string
  readonly lines: Array<string>
  /** Waits until a logged line satisfies `match` (about 5 s at most), and returns it; undefined when none came. */
  readonly waitFor: (match: (line: string) => boolean, timeoutMs?: number) => Promise<string | undefined>
  readonly close: () => Promise<void>
}

export const startPageServer = (): Promise<PageServer> =>
  new Promise((resolve) => {
    const lines: Array<string> = []
    const server = http.createServer((request, response) => {
      if (request.method === "POST" && request.url === "/log") {
        let body = ""
        request.setEncoding("utf8")
        request.on("data", (chunk: string) => (body += chunk))
        request.on("end", () => {
          lines.push(body)
          response.end()
        })
        return
      }
      const file = path.join(FIXTURES, path.basename(request.url ?? ""))
      if (!fs.existsSync(file)) {
        response.statusCode = 404
        return response.end()
      }
      response.setHeader("content-type", "text/html; charset=utf-8")
      response.end(fs.readFileSync(file))
    })
    server.listen({ host: "127.0.0.1", port: 0 }, () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: (page) => `http://127.0.0.1:${port}/${page}`,
        lines,
        waitFor: async (match, timeoutMs = 5_000) => {
          const end = Date.now() + timeoutMs
          for (;;) {
            const found = lines.find(match)
            if (found !== undefined || Date.now() > end) return found
            await new Promise((wake) => setTimeout(wake, 50))
          }
        },
        close: () => new Promise((done) => server.close(() => done()))
      })
    })
  })
