/**
 * Test helper: an app that answers AT-SPI the way Qt 5.15.8's bridge was measured to (fakeApp's strictBridge: no
 * GetAll, UnknownObject for what the bridge lacks), as Qt's profile. Every call, reads included, is recorded as
 * "<last path segment> <member>", a Get with the property it asks for, another call with its body.
 */
import { fakeApp, sentLine, type FakeAppOptions, type FakeCall, type FakeObject } from "../../atspi/testing/fakeApp.js"
import { qt } from "../qt/profile.js"

const qtLine = (call: FakeCall): string | undefined => {
  if (call.to === "registry") return sentLine(call)
  const { member, body } = call
  return `${call.path.split("/").pop()} ${member}${member === "Get" ? ` ${String(body[1])}` : body.length > 0 ? `(${body.join(",")})` : ""}`
}

export const fakeQtApp = (objects: Record<string, FakeObject>, options: Pick<FakeAppOptions, "onSend" | "onRegistry"> = {}) =>
  fakeApp(qt, objects, { ...options, strictBridge: true, record: qtLine })
