/** set_value, clear and type: through Value, EditableText, or (headed) the keyboard where the toolkit needs it. */
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
import { keyboardEntry, needsKeyboard } from "./keyboardEntry.js"

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
      await step(steps, "Value.CurrentValue", () => accessible.setCurrentValue(wanted, timeoutFor(deadline)).then(() => true))
      await settleValue((timeoutMs) => accessible.currentValue(timeoutMs), node.value, wanted, deadline)
      return steps.all
    }
    case "text":
      return setTextContents(context, action.value, "set-value")
    case "unsupported":
      throw unsupported(node, `set-value ${hasSettableValue(node) ? "with a non-numeric value" : ""}`.trim(), accessible.profile)
  }
}

export const clear: ActionHandler<{ readonly kind: "clear" }> = async (context) => {
  if (needsKeyboard(context.node, context.accessible.profile)) return keyboardEntry(context, "", true)
  if (!isEditable(context.node)) throw unsupported(context.node, "clear", context.accessible.profile)
  return setTextContents(context, "", "clear")
}

export const type: ActionHandler<{ readonly kind: "type"; readonly text: string }> = async (context, action) => {
  const { node, accessible, steps, deadline } = context
  if (needsKeyboard(node, accessible.profile)) return keyboardEntry(context, action.text, false)
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
