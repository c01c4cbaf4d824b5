import Type from "typebox"

/** `clipboard-get`: text, file URLs, an image written to a file, or nothing of the requested type. */
export const ClipboardGetData = Type.Union([
  Type.Object({ type: Type.Literal("text"), text: Type.String() }),
  Type.Object({ type: Type.Literal("file_urls"), file_urls: Type.Array(Type.String()) }),
  Type.Object({
    type: Type.Literal("image"),
    path: Type.String(),
    width: Type.Integer({ minimum: 0 }),
    height: Type.Integer({ minimum: 0 })
  }),
  Type.Object({ type: Type.String(), found: Type.Literal(false) })
])
export type ClipboardGetData = Type.Static<typeof ClipboardGetData>
