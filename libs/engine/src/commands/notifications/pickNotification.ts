import type { ArgsOf } from "@agent-desktop/contracts/commands"
import { Effect } from "effect"
import { InvalidArgs, NotificationNotFound } from "../../errors/DesktopError.js"
import { refuseAppFlags } from "./appNameUnknown.js"
import { shownNotifications, type ShownNotification } from "./NotificationDaemon.js"

/**
 * The notification at INDEX, proven by at least one fingerprint (--expected-title, --expected-app) before anything
 * is pressed; a mismatch is NOTIFICATION_NOT_FOUND. xfce4-notifyd does not show the sending app, so --app and
 * --expected-app are refused (appNameUnknown.ts) and --expected-title is the fingerprint.
 */
export const pickNotification = (args: ArgsOf<"dismiss-notification" | "notification-action">, requireFingerprint: boolean) =>
  Effect.gen(function*() {
    yield* refuseAppFlags(args)
    const { index, expected_app: expectedApp, expected_title: expectedTitle } = args
    if (requireFingerprint && expectedApp === undefined && expectedTitle === undefined) {
      return yield* new InvalidArgs({
        message: "pass --expected-title (or --expected-app) so the right notification is dismissed",
        suggestion: "Copy the title from list-notifications"
      })
    }
    const shown = yield* shownNotifications
    const found: ShownNotification | undefined = shown[index - 1]
    const mismatch = found === undefined ||
      (expectedTitle !== undefined && found.title !== expectedTitle) ||
      (expectedApp !== undefined && found.app_name !== expectedApp)
    if (mismatch) {
      return yield* new NotificationNotFound({
        message: found === undefined
          ? `there is no notification ${index} (${shown.length} shown)`
          : `notification ${index} is '${found.title}', not the expected one`,
        delivery: "not_delivered",
        details: { index, shown: shown.length, ...(found ? { title: found.title } : {}) },
        suggestion: "Run agent-desktop list-notifications again and use the index it prints now"
      })
    }
    return found
  })
