/**
 * The part of an observed node that identity needs. The platform package's `ObservedNode` satisfies it
 * structurally, so this package does not depend on the platform package.
 */
export interface NativeIdentifier {
  readonly kind: string
  readonly value: string
}

export interface IdentityNode {
  readonly role: string
  readonly name?: string
  readonly value?: string
  readonly description?: string
  readonly nativeId?: NativeIdentifier
  /**
   * What kind of element it is beyond its role, as the platform tells it (opaque; Linux: AT-SPI role, interfaces,
   * line mode). Only twins' identities use it (IdentityContext.ts).
   */
  readonly traits?: string
  /** Contract states; `secure` is identity for twins (a password entry stays one). */
  readonly states?: ReadonlyArray<string>
  /** Child indexes from the window root (the window itself is `[]`). */
  readonly path: ReadonlyArray<number>
  /** Children the platform reports, whether or not they were read. */
  readonly childCount: number
  /** Children that were read; absent when the node was cut by depth or budget. */
  readonly children?: ReadonlyArray<IdentityNode>
  readonly budgetCut?: boolean
}
