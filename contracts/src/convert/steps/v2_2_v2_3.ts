import { ConversionError } from "../ConversionError.js"
import { failure, isRecord, mapData, restamp, type EnvelopeJson } from "../EnvelopeJson.js"
import type { VersionStep } from "../VersionStep.js"

const isLaunchSuccess = (envelope: EnvelopeJson) => envelope.ok && envelope.command === "launch" && isRecord(envelope.data)

/** 2.3: `launch` reports the process and an optional window instead of a bare WindowInfo. */
export const v2_2_v2_3: VersionStep = {
  from: "2.2",
  to: "2.3",
  up: (envelope) => {
    if (!isLaunchSuccess(envelope)) return restamp(envelope, "2.3")
    return mapData(envelope, "2.3", (window) => {
      if (!isRecord(window) || typeof window["app_name"] !== "string") {
        throw new ConversionError("launch", "2.2", "2.3", "the 2.2 launch data is not a WindowInfo")
      }
      const processInstance = window["process_instance"]
      return {
        app: window["app_name"],
        pid: window["pid"],
        ...(processInstance === undefined ? {} : { process_instance: processInstance }),
        window
      }
    })
  },
  down: (envelope) => {
    if (!isLaunchSuccess(envelope)) return restamp(envelope, "2.2")
    const data = envelope.data as Record<string, unknown>
    if (isRecord(data["window"])) return mapData(envelope, "2.2", () => data["window"])
    // 2.2 had no success without a window. The app was started, so a retry would start it again: unsafe.
    return failure(envelope, "2.2", {
      code: "WINDOW_NOT_FOUND",
      message: `${String(data["app"])} was launched (pid ${String(data["pid"])}) but shows no window`,
      suggestion: "Run list-windows once the application has opened a window",
      disposition: { delivery: "delivered_unverified", retry: "unsafe" },
      details: { kind: "launch_without_window", app: data["app"], pid: data["pid"] }
    })
  }
}
