import Type from "typebox"
import { def } from "../schema/def.js"
import { TreeAvailability } from "./TreeAvailability.js"
import { ListedWindow, WindowInfo } from "./WindowInfo.js"

export const AppInfo = Type.Object(
  {
    name: Type.String(),
    pid: Type.Integer({ minimum: 0 }),
    bundle_id: Type.Optional(Type.String()),
    process_instance: Type.Optional(Type.String()),
    presentation: Type.Optional(Type.Enum(["foreground", "background"]))
  },
  def("AppInfo")
)
export type AppInfo = Type.Static<typeof AppInfo>

export const ListAppsDataV2_1 = Type.Object({ apps: Type.Array(AppInfo) })

/** 2.7: an app whose windows show no usable accessibility tree says so, and what can still serve it. */
export const ListedApp = Type.Object(
  { ...AppInfo.properties, accessibility: Type.Optional(TreeAvailability) },
  def("ListedApp")
)
export type ListedApp = Type.Static<typeof ListedApp>
export const ListAppsData = Type.Object({ apps: Type.Array(ListedApp) })
export type ListAppsData = Type.Static<typeof ListAppsData>

/** 2.1-2.2: `launch` printed the window it found; no window was a WINDOW_NOT_FOUND error. */
export const LaunchDataV2_1 = WindowInfo

/** 2.3-2.6: the Chromium DevTools endpoint of `launch --cdp`. */
export const CdpEndpointV2_3 = Type.Object({
  port: Type.Integer({ minimum: 0 }),
  http_endpoint: Type.String(),
  websocket_url: Type.String(),
  product: Type.Optional(Type.String())
})

/**
 * 2.7: the endpoint of `launch --cdp` says which protocol it serves: `devtools` (Chromium, Chrome, Electron: the
 * Chrome DevTools Protocol, `websocket_url` the browser target's) or `webdriver-bidi` (Firefox: `websocket_url` is
 * where a client starts its session; `product` is `firefox/VERSION` from the session's capabilities).
 */
export const CdpEndpoint = Type.Object({
  ...CdpEndpointV2_3.properties,
  protocol: Type.Optional(Type.Union([Type.Literal("devtools"), Type.Literal("webdriver-bidi")]))
})

/** The launched process, and its window (`window`: the version's window shape) when it shows one. */
const launchDataOf = <W extends Type.TSchema, E extends Type.TSchema>(window: W, endpoint: E) =>
  Type.Object(
    {
      app: Type.String(),
      pid: Type.Integer({ minimum: 0 }),
      process_instance: Type.Optional(Type.String()),
      window: Type.Optional(window),
      cdp: Type.Optional(endpoint),
      renderer: Type.Optional(Type.Literal("chromium")),
      suggestion: Type.Optional(Type.String())
    },
    def("LaunchData")
  )

/** 2.3-2.6: the launched process, and its window when it shows one (no window is still a success). */
export const LaunchDataV2_3 = launchDataOf(WindowInfo, CdpEndpointV2_3)
export type LaunchDataV2_3 = Type.Static<typeof LaunchDataV2_3>

/**
 * 2.7: a window without a usable accessibility tree says so, as list-windows does; the endpoint names its protocol
 * (`renderer: chromium` stays the DevTools endpoint's alone).
 */
export const LaunchData = launchDataOf(ListedWindow, CdpEndpoint)
export type LaunchData = Type.Static<typeof LaunchData>

export type LaunchDataV2_1 = Type.Static<typeof LaunchDataV2_1>
export type CdpEndpoint = Type.Static<typeof CdpEndpoint>
export type CdpEndpointV2_3 = Type.Static<typeof CdpEndpointV2_3>
