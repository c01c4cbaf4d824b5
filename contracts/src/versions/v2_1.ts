import Type from "typebox"
import { ActionResultV2_1 } from "../data/ActionResult.js"
import { LaunchDataV2_1, ListAppsData } from "../data/AppData.js"
import { BatchData } from "../data/BatchData.js"
import { ClipboardGetData } from "../data/ClipboardData.js"
import { FindDataV2_1 } from "../data/FindData.js"
import {
  DismissAllNotificationsData,
  DismissNotificationData,
  ListNotificationsData
} from "../data/NotificationData.js"
import { GetData, IsData, ListDisplaysData, ListSurfacesData, ScreenshotData } from "../data/ObservationData.js"
import * as Flags from "../data/OperationFlags.js"
import { SessionData } from "../data/SessionData.js"
import { SnapshotDataV2_1 } from "../data/SnapshotData.js"
import { PermissionsData, SkillsData, StatusData, UnconfirmedData, VersionData } from "../data/SystemData.js"
import { TraceData } from "../data/TraceData.js"
import { WaitData } from "../data/WaitData.js"
import { FocusWindowData, ListWindowsData } from "../data/WindowInfo.js"
import { ErrorBody } from "../schema/ErrorBody.js"
import type { ContractDefinition } from "./ContractDefinition.js"
import { refActions, withWaitFor } from "./commandGroups.js"

/** Held-input commands always fail closed: no success envelope exists for them. */
const failsClosed = Type.Never()

/**
 * Contract 2.1 (v0.5.0): the base of this package. Errors carry `disposition` always and `recovery` only when
 * safe; refs are printed qualified; snapshots either complete or fail with TIMEOUT.
 */
export const V2_1 = {
  version: "2.1",
  changes: [
    {
      id: "structured-recovery",
      description:
        "error.retry_command is gone (no alias); errors carry error.disposition always and error.recovery only when disposition.retry is safe.",
      breaking: true
    },
    { id: "app-unresponsive", description: "New error code APP_UNRESPONSIVE.", breaking: false },
    { id: "qualified-refs", description: "Refs are printed snapshot-qualified (@<snapshot_id>:e<N>).", breaking: false },
    { id: "step-mechanism", description: "Action steps carry an optional mechanism.", breaking: false }
  ],
  errorBody: ErrorBody,
  commands: {
    snapshot: SnapshotDataV2_1,
    find: FindDataV2_1,
    get: GetData,
    is: IsData,
    screenshot: ScreenshotData,
    "list-surfaces": ListSurfacesData,
    "list-displays": ListDisplaysData,
    ...refActions(withWaitFor(ActionResultV2_1, SnapshotDataV2_1)),
    press: ActionResultV2_1,
    "key-down": failsClosed,
    "key-up": failsClosed,
    "mouse-down": failsClosed,
    "mouse-up": failsClosed,
    hover: withWaitFor(Flags.HoverFlags, SnapshotDataV2_1),
    drag: withWaitFor(Flags.DragFlags, SnapshotDataV2_1),
    "mouse-move": Flags.MouseMoveFlags,
    "mouse-click": Flags.MouseClickFlags,
    "mouse-wheel": Flags.MouseWheelFlags,
    "clipboard-get": ClipboardGetData,
    "clipboard-set": Flags.ClipboardSetFlags,
    "clipboard-clear": Flags.ClipboardClearFlags,
    launch: LaunchDataV2_1,
    "close-app": Flags.CloseAppFlags,
    "list-apps": ListAppsData,
    "list-windows": ListWindowsData,
    "focus-window": FocusWindowData,
    "resize-window": Flags.ResizeWindowFlags,
    "move-window": Flags.MoveWindowFlags,
    minimize: Flags.MinimizeFlags,
    maximize: Flags.MaximizeFlags,
    restore: Flags.RestoreFlags,
    "list-notifications": ListNotificationsData,
    "dismiss-notification": DismissNotificationData,
    "dismiss-all-notifications": DismissAllNotificationsData,
    "notification-action": ActionResultV2_1,
    status: StatusData,
    permissions: PermissionsData,
    version: VersionData,
    skills: SkillsData,
    batch: BatchData,
    wait: WaitData,
    session: SessionData,
    trace: TraceData,
    // Published by newer docs with unconfirmed shapes. Defined from 2.1 on (open data) so that a CLI pinned to an
    // older contract can still print them under its strict schema.
    "open-system-surface": UnconfirmedData,
    "cursor-overlay": UnconfirmedData
  }
} as const satisfies ContractDefinition<"2.1">
