import Type from "typebox"
import { def } from "../schema/def.js"

export const NotificationInfo = Type.Object(
  {
    index: Type.Integer({ minimum: 1 }),
    app_name: Type.String(),
    title: Type.String(),
    body: Type.Optional(Type.String()),
    actions: Type.Array(Type.String())
  },
  def("NotificationInfo")
)
export type NotificationInfo = Type.Static<typeof NotificationInfo>

export const ListNotificationsData = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  notifications: Type.Array(NotificationInfo)
})
export const DismissNotificationData = Type.Object({ dismissed: NotificationInfo })
export const DismissAllNotificationsData = Type.Object({
  dismissed_count: Type.Integer({ minimum: 0 }),
  failures: Type.Optional(Type.Array(Type.Unknown())),
  failed_count: Type.Optional(Type.Integer({ minimum: 0 }))
})

export type ListNotificationsData = Type.Static<typeof ListNotificationsData>
export type DismissNotificationData = Type.Static<typeof DismissNotificationData>
export type DismissAllNotificationsData = Type.Static<typeof DismissAllNotificationsData>
