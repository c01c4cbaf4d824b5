import { AtspiRole } from "../../atspi/Roles.js"
import { genericProfile } from "../generic/profile.js"
import type { ToolkitProfile } from "../ToolkitProfile.js"

/** Firefox (Gecko) through at-spi2-atk. */
export const gecko: ToolkitProfile = {
  ...genericProfile,
  id: "gecko",
  bulkCacheSafe: true,
  actionNamesFromGetName: true,
  // A <details> summary's action stays "expand" when it is open and toggles it: for both directions it is the
  // mapper's "expand or contract", and the expanded state says which way it goes.
  actionAliases: { check: "toggle", uncheck: "toggle", expand: "expand or contract", collapse: "expand or contract" },
  roleActionAliases: { [AtspiRole.radioButton]: { select: "toggle" } },
  windowFocusBlursContent: true,
  editableTextInert: true,
  quirks: [
    { what: "Action.GetActions returns \";;\" as every name; Action.GetName(i) returns the real one (\"press\")", seenIn: "Firefox ESR 153" },
    { what: "EditableText.SetTextContents / InsertText answer true and leave the field unchanged (focused or not): its ATK bridge returns early for every text role, so no EditableText call reaches a field; its --remote-debugging-port serves WebDriver BiDi, not the DevTools protocol (/json/version answers 404), so text goes in only through the keyboard (headed)", seenIn: "Firefox ESR 153.8" },
    { what: "the address bar is an editable combo box whose EditableText is as inert: it takes a URL through the keyboard (headed)", seenIn: "Firefox ESR 153.8" },
    { what: "check boxes act through \"check\" / \"uncheck\", not \"toggle\"", seenIn: "Firefox ESR 153.8" },
    { what: "a <select> is a combo box without Selection; its items sit under a menu child that has it", seenIn: "Firefox ESR 153.8" },
    {
      what: "a <details> summary's only action is named \"expand\" open or closed, and DoAction toggles it (collapse was refused as unsupported)",
      seenIn: "Firefox ESR 153.8"
    },
    { what: "a radio button's only action is \"select\" (it checks it); check was refused as unsupported", seenIn: "Firefox ESR 153.8" },
    {
      what: "Component.GrabFocus on the browser window takes the focus off the focused field (it lost FOCUSED): an Enter pressed with --headed --app after typing submitted nothing",
      seenIn: "Firefox ESR 153.8"
    },
    {
      what: "every node of a web page lists EditableText (headings, labels, buttons): it makes no text field (tree/ContractNode.ts isTextField)",
      seenIn: "Firefox ESR 153.8"
    },
    {
      what: "Value.CurrentValue on a number input changes the DOM value without input/change events (a page script never sees it), so number fields take text through the keyboard; a range input's Set does fire change",
      seenIn: "Firefox ESR 153.8"
    }
  ]
}
