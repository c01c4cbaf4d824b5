/**
 * A loopback HTTP server that holds every request until it is released: a page that asks it for an image keeps
 * loading (its load event waits) for as long as a test needs, with nothing timed. The system python serves it in a
 * process of its own, so a test's synchronous CLI calls cannot stall it.
 */
import { spawn } from "node:child_process"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { until } from "./zoo.js"

const serve = `
import http.server, os, socketserver, sys, time
release, port_file = sys.argv[1], sys.argv[2]
class Held(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        while not os.path.exists(release):
            time.sleep(0.05)
        self.send_response(204)
        self.end_headers()
    def log_message(self, *args):
        pass
class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
server = Server(("127.0.0.1", 0), Held)
with open(port_file + ".tmp", "w") as out:
    out.write(str(server.server_address[1]))
os.rename(port_file + ".tmp", port_file)
server.serve_forever()
`

export interface HeldServer {
  /** An address whose answer is held until `release`. */
  readonly url: string
  /** Answers every held request and every later one at once. */
  readonly release: () => void
  readonly stop: () => void
}

export const heldServer = (dir: string): HeldServer => {
  const release = join(dir, `release-${process.pid}-${Date.now()}`)
  const portFile = `${release}.port`
  const child = spawn("/usr/bin/python3", ["-c", serve, release, portFile], { stdio: "ignore" })
  const port = until(() => existsSync(portFile) ? readFileSync(portFile, "utf8") : "", (text) => text !== "", 10_000)
  if (port === "") {
    child.kill()
    throw new Error("the held server did not start")
  }
  return {
    url: `http://127.0.0.1:${port}/held`,
    release: () => writeFileSync(release, ""),
    stop: () => {
      writeFileSync(release, "")
      child.kill()
    }
  }
}
