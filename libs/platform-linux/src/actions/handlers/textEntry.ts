/** set_value, clear and type: through Value, EditableText, or (headed) the keyboard where the toolkit needs it. */
import { PlatformError } from "@agent-desktop/platform"
import { AtspiRole } from "../../atspi/Roles.js"
import { AtspiState } from "../../atspi/States.js"
import type { ToolkitProfile } from "../../toolkits/ToolkitProfile.js"
import { hasSettableValue, isEditable } from "../../tree/ContractNode.js"
import type { RawNode } from "../../tree/RawNode.js"
import type { ActContext, ActionHandler } from "../ActContext.js"
import { timeoutFor } from "../Deadline.js"
import { declined, unsupported } from "../Failures.js"
import { settleValue } from "../settle.js"
import { step } from "../Step.js"
import { keyboardEntry, needsKeyboard, takesTypedKeys } from "./keyboardEntry.js"

/**
 * How set_value delivers: the keyboard where text can only go in that way, `Value.CurrentValue` for a number on
 * a settable Value that is not a text field (spin buttons and sliders are both), else EditableText.
 */
export type SetValuePath = "keyboard" | "value" | "text" | "unsupported"

export const setValuePath = (node: RawNode, value: string, profile: ToolkitProfile): SetValuePath => {
  const numeric = hasSettableValue(node) && value.trim() !== "" && Number.isFinite(Number(value))
  if (needsKeyboard(node, profile)) return numeric && node.role === AtspiRole.spinButton && profile.spinValueIsEdit === true ? "value" : "keyboard"
  const useValue = numeric && (!isEditable(node) || node.role === AtspiRole.spinButton || node.role === AtspiRole.slider)
  if (useValue) return "value"
  return isEditable(node) ? "text" : "unsupported"
}

/** Where typed text goes in: at the caret when the field has focus and the caret is in the text, else at the end. */
export const insertPosition = (count: number, caret: number | undefined): number =>
  caret !== undefined && caret >= 0 && caret <= count ? caret : count

const setTextContents = async ({ accessible, steps, deadline }: ActContext, text: string, what: string) => {
  if (!(await step(steps, "EditableText.SetTextContents", () => accessible.setTextContents(text, timeoutFor(deadline))))) {
    throw declined(steps, what)
  }
  return steps.all
}

export const setValue: ActionHandler<{ readonly kind: "set_value"; readonly value: string }> = async (context, action) => {
  const { node, accessible, steps, deadline } = context
  switch (setValuePath(node, action.value, accessible.profile)) {
    case "keyboard":
      return keyboardEntry(context, action.value, true)
    case "value": {
      const wanted = Number(action.value)
      await refuseOutOfRange(context, wanted)
      await step(steps, "Value.CurrentValue", () => accessible.setCurrentValue(wanted, timeoutFor(deadline)).then(() => true))
      await settleValue((timeoutMs) => accessible.currentValue(timeoutMs), node.value, wanted, deadline)
      return steps.all
    }
    case "text":
      return setTextContents(context, action.value, "set-value")
    case "unsupported":
      if (NUMBER_ONLY_ROLES.has(node.role)) {
        throw new PlatformError({
          code: "INVALID_ARGS",
          message: `'${action.value}' is not a number, and this element takes only numbers: nothing was sent`,
          details: { kind: "value_not_numeric", value: action.value },
          suggestion: "Pass a number within the element's range (get --property value shows the current one)"
        })
      }
      throw unsupported(node, `set-value ${hasSettableValue(node) ? "with a non-numeric value" : ""}`.trim(), accessible.profile)
  }
}

/** Roles whose value is a number and nothing else (a table cell has a Value too, yet takes text another way). */
const NUMBER_ONLY_ROLES: ReadonlySet<number> = new Set([AtspiRole.slider, AtspiRole.scrollBar, AtspiRole.dial])

/**
 * A number outside the element's Value range is refused before it is sent: toolkits clamp it (a 0..1 slider set to
 * 5 showed 1), which read back as a failed action after a delivery. A range the toolkit does not report (unreadable,
 * or min >= max, as Qt's date-time edit answers 0..0) checks nothing.
 */
const refuseOutOfRange = async ({ accessible, deadline }: ActContext, wanted: number) => {
  const range = await accessible.valueRange(timeoutFor(deadline)).catch(() => undefined)
  if (range === undefined || !Number.isFinite(range.min) || !Number.isFinite(range.max) || range.min >= range.max) return
  if (wanted >= range.min && wanted <= range.max) return
  throw new PlatformError({
    code: "INVALID_ARGS",
    message: `${wanted} is outside the element's range ${range.min} to ${range.max}: nothing was sent`,
    details: { kind: "value_out_of_range", value: wanted, min: range.min, max: range.max },
    suggestion: `Pass a value from ${range.min} to ${range.max}`
  })
}

export const clear: ActionHandler<{ readonly kind: "clear" }> = async (context) => {
  if (needsKeyboard(context.node, context.accessible.profile)) return keyboardEntry(context, "", true)
  if (!isEditable(context.node)) throw unsupported(context.node, "clear", context.accessible.profile)
  return setTextContents(context, "", "clear")
}

export const type: ActionHandler<{ readonly kind: "type"; readonly text: string }> = async (context, action) => {
  const { node, accessible, steps, deadline } = context
  if (needsKeyboard(node, accessible.profile) || (!isEditable(node) && takesTypedKeys(node))) return keyboardEntry(context, action.text, false)
  if (!isEditable(node)) throw unsupported(node, "type", accessible.profile)
  // Insert at the caret only when the field has focus (the caret is meaningful then); otherwise append.
  const count = await accessible.characterCount(timeoutFor(deadline)).catch(() => (node.text ?? "").length)
  const caret = node.states.has(AtspiState.focused) ? await accessible.caretOffset(timeoutFor(deadline)).catch(() => -1) : undefined
  const position = insertPosition(count, caret)
  if (!(await step(steps, "EditableText.InsertText", () => accessible.insertText(position, action.text, timeoutFor(deadline))))) {
    throw declined(steps, "type")
  }
  return steps.all
}
