/**
 * The virtual desktop's X authorization: a fresh MIT-MAGIC-COOKIE-1 in an Xauthority file only its user can read
 * (0600 in the 0700 state directory). Xvfb starts with `-auth FILE`, so a client without the cookie — another local
 * user, or a process of ours without XAUTHORITY — is refused: it can neither see the screen, inject input, nor set
 * root-window properties (AT_SPI_BUS among them). Everything the desktop starts, and every client it hands its
 * environment to, gets `XAUTHORITY=FILE`.
 *
 * The file holds one entry of family FamilyWild with no address and no display number: the server reads every
 * cookie in its -auth file whatever the entry names, and a client (Xau) takes a wildcard entry for any display, so the
 * cookie is written before Xvfb picks its display with -displayfd.
 */
import { randomBytes } from "node:crypto"
import { closeSync, constants, openSync, rmSync, writeSync } from "node:fs"

const FAMILY_WILD = 0xffff
export const COOKIE_PROTOCOL = "MIT-MAGIC-COOKIE-1"

/** A counted field of the Xauthority format: 2-byte big-endian length, then the bytes. */
const counted = (bytes: Buffer): Buffer => {
  const length = Buffer.alloc(2)
  length.writeUInt16BE(bytes.length)
  return Buffer.concat([length, bytes])
}

/** One Xauthority entry: family, address, display number, protocol name, cookie. */
export const xauthorityEntry = (cookie: Buffer): Buffer => {
  const family = Buffer.alloc(2)
  family.writeUInt16BE(FAMILY_WILD)
  return Buffer.concat([family, counted(Buffer.alloc(0)), counted(Buffer.alloc(0)), counted(Buffer.from(COOKIE_PROTOCOL)), counted(cookie)])
}

/** Writes a new cookie to `file` (replacing an earlier start's), created 0600 without following a symlink. */
export const writeXAuthority = (file: string): void => {
  rmSync(file, { force: true })
  const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600)
  try {
    writeSync(fd, xauthorityEntry(randomBytes(16)))
  } finally {
    closeSync(fd)
  }
}
