/**
 * Whether this installation has the warm host's native client (native/hostClient.c), for `status`. The package's
 * install script compiles it with the system C compiler; after `npm install --ignore-scripts`, or on a machine
 * without a compiler, there is none and bin/agent-desktop (a shell launcher) runs Node directly: every command still
 * works, each call only starts Node first. `status` says so and how to get the client, as it does for the optional
 * addons.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

export const CLI_PACKAGE = "@agent-desktop/cli"
/** Where scripts/build-host-client.mjs puts the client (also copied over bin/agent-desktop in an installed package). */
export const NATIVE_CLIENT = path.join("build", "agent-desktop-host-client")

/** The CLI package's directory: the nearest above `from` whose package.json is the CLI's (src/, dist/, dist/modes/...). */
export const cliPackageRoot = (from: string): string | undefined => {
  for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
    try {
      if ((JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: unknown }).name === CLI_PACKAGE) return dir
    } catch {
      // No package.json here (or not JSON): keep going up.
    }
    if (path.dirname(dir) === dir) return undefined
  }
}

export interface NativeClientProbe {
  readonly built: boolean
  readonly path: string
}

export const probeNativeClient = (root: string): NativeClientProbe => {
  const file = path.join(root, NATIVE_CLIENT)
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return { built: true, path: file }
  } catch {
    return { built: false, path: file }
  }
}

export const nativeClientProblem = (probe: NativeClientProbe): string | undefined =>
  probe.built
    ? undefined
    : "The warm host's native client is not built (its install script did not run, npm install --ignore-scripts?, or " +
      "found no C compiler): every command works through Node, each call only starts Node first; to build it, put a C " +
      `compiler (cc) on PATH and run npm rebuild ${CLI_PACKAGE}`

interface StatusEnvelope {
  readonly ok: boolean
  readonly command: string
  readonly data?: unknown
}

/**
 * `status` with this installation's native client added to its problems and probes (`host_client`); any other
 * envelope unchanged. Where no CLI package is found (a bundle copied elsewhere) nothing is added.
 */
export const withNativeClientStatus = <E extends StatusEnvelope>(envelope: E, moduleUrl: string): E => {
  if (!envelope.ok || envelope.command !== "status" || typeof envelope.data !== "object" || envelope.data === null) return envelope
  const root = cliPackageRoot(fileURLToPath(moduleUrl))
  if (root === undefined) return envelope
  const probe = probeNativeClient(root)
  const problem = nativeClientProblem(probe)
  const data = envelope.data as { problems?: ReadonlyArray<string>; probes?: Readonly<Record<string, unknown>> }
  return {
    ...envelope,
    data: {
      ...data,
      problems: [...(data.problems ?? []), ...(problem === undefined ? [] : [problem])],
      probes: { ...data.probes, host_client: probe }
    }
  }
}
