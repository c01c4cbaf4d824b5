/**
 * A delivery step's label as the display-server backend names its mechanism: the engine's commands name X11's
 * (XTEST, EWMH), and a backend that uses something else says what (`NativeDesktopShape.stepLabels`).
 */
import type { NativeDesktopShape } from "@agent-desktop/platform"

export const stepLabel = (native: NativeDesktopShape, x11Label: string): string => native.stepLabels?.[x11Label] ?? x11Label
