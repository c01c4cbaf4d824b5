import { commandsAt } from "../commands/index.js"
import { extendContract } from "./ContractDefinition.js"
import { V2_2 } from "./v2_2.js"

/** Contract 2.3 (v0.8.0): `launch` reports the process and an optional window. */
export const V2_3 = extendContract(V2_2, {
  version: "2.3",
  changes: [
    {
      id: "launch-process-result",
      description:
        "launch returns {app, pid, process_instance, window?} instead of a bare WindowInfo; an application that shows no window is ok:true with window omitted instead of WINDOW_NOT_FOUND. The product shipped this as a minor bump, but a consumer of the 2.2 shape cannot read it, so it is declared breaking for launch.",
      breaking: true,
      commands: ["launch"]
    },
    {
      id: "launch-cdp",
      description: "launch --cdp adds optional cdp, renderer and suggestion (v0.8.1).",
      breaking: false,
      commands: ["launch"]
    }
  ],
  commands: commandsAt("2.3")
})
