/**
 * A small dedicated D-Bus marshaller for the messages this adapter exchanges (little-endian, protocol 1).
 * linux-atspi.md §5 measured dbus-native's generic marshalling plus one write per message as most of the client's
 * CPU; this codec writes method calls directly into one buffer and reads replies without intermediate trees.
 * Values: strings, numbers, booleans, arrays; structs and dict entries as arrays; a variant as `[signature, value]`
 * on the way out and `[signature, [value]]` on the way in (dbus-native's shape, so callers read both alike).
 */
import { alignmentOf, parseSignature, type TypeNode } from "./Signature.js"

export const MessageType = { methodCall: 1, methodReturn: 2, error: 3, signal: 4 } as const

export interface OutgoingCall {
  readonly serial: number
  readonly path: string
  readonly interface?: string | undefined
  readonly member: string
  readonly destination?: string | undefined
  readonly signature?: string | undefined
  readonly body?: ReadonlyArray<unknown> | undefined
}

export interface IncomingMessage {
  readonly type: number
  readonly serial: number
  readonly replySerial: number | undefined
  readonly errorName: string | undefined
  readonly sender: string | undefined
  readonly signature: string | undefined
  /** Object path, interface and member: set on signals (and method calls), which is where they are read. */
  readonly path: string | undefined
  readonly interface: string | undefined
  readonly member: string | undefined
  readonly body: ReadonlyArray<unknown>
}

/**
 * Writes messages into one growing buffer. Alignment is relative to `origin`, the start of the message being
 * written, so several messages can follow each other in one buffer (a connection's outbox: one allocation per
 * socket write, not two per message).
 */
export class Writer {
  buffer: Buffer
  length = 0
  origin = 0

  constructor(private readonly initialSize: number) {
    this.buffer = Buffer.allocUnsafe(initialSize)
  }

  /**
   * What was written, copied out (a socket may hold it until the kernel takes it), and the writer emptied for reuse;
   * a buffer a burst grew past four times its first size goes back to that size.
   */
  take(): Buffer {
    const written = Buffer.allocUnsafe(this.length)
    this.buffer.copy(written, 0, 0, this.length)
    this.clear()
    return written
  }

  clear(): void {
    this.length = 0
    this.origin = 0
    if (this.buffer.length > this.initialSize * 4) this.buffer = Buffer.allocUnsafe(this.initialSize)
  }

  private ensure(extra: number) {
    if (this.length + extra <= this.buffer.length) return
    const next = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + extra))
    this.buffer.copy(next, 0, 0, this.length)
    this.buffer = next
  }

  align(to: number) {
    const pad = (to - ((this.length - this.origin) % to)) % to
    if (pad === 0) return
    this.ensure(pad)
    for (let i = 0; i < pad; i++) this.buffer[this.length++] = 0
  }

  byte(value: number) {
    this.ensure(1)
    this.buffer[this.length++] = value
  }

  uint32(value: number) {
    this.align(4)
    this.ensure(4)
    this.buffer.writeUInt32LE(value >>> 0, this.length)
    this.length += 4
  }

  int32(value: number) {
    this.align(4)
    this.ensure(4)
    this.buffer.writeInt32LE(value | 0, this.length)
    this.length += 4
  }

  string(value: string) {
    this.align(4)
    // UTF-8 needs at most three bytes per UTF-16 unit: write the text after its length word, then the length.
    this.ensure(4 + value.length * 3 + 1)
    const bytes = this.buffer.write(value, this.length + 4, "utf8")
    this.buffer.writeUInt32LE(bytes, this.length)
    this.length += 4 + bytes
    this.buffer[this.length++] = 0
  }

  signature(value: string) {
    this.ensure(value.length + 2)
    this.buffer[this.length++] = value.length
    this.buffer.write(value, this.length, "ascii")
    this.length += value.length
    this.buffer[this.length++] = 0
  }

  value(type: TypeNode, value: unknown): void {
    switch (type.code) {
      case "y": return this.byte(Number(value))
      case "b": return this.uint32(value ? 1 : 0)
      case "n":
        this.align(2); this.ensure(2); this.buffer.writeInt16LE(Number(value), this.length); this.length += 2; return
      case "q":
        this.align(2); this.ensure(2); this.buffer.writeUInt16LE(Number(value), this.length); this.length += 2; return
      case "i": case "h": return this.int32(Number(value))
      case "u": return this.uint32(Number(value))
      case "x":
        this.align(8); this.ensure(8); this.buffer.writeBigInt64LE(BigInt(value as number), this.length); this.length += 8; return
      case "t":
        this.align(8); this.ensure(8); this.buffer.writeBigUInt64LE(BigInt(value as number), this.length); this.length += 8; return
      case "d":
        this.align(8); this.ensure(8); this.buffer.writeDoubleLE(Number(value), this.length); this.length += 8; return
      case "s": case "o": return this.string(String(value))
      case "g": return this.signature(String(value))
      case "v": {
        const [signature, inner] = value as [string, unknown]
        const nodes = parseSignature(signature)
        if (nodes.length !== 1) throw new Error(`a variant holds exactly one type, got "${signature}"`)
        this.signature(signature)
        return this.value(nodes[0]!, inner)
      }
      case "(": case "{": {
        this.align(8)
        const fields = value as ReadonlyArray<unknown>
        type.children.forEach((child, i) => this.value(child, fields[i]))
        return
      }
      case "a": {
        const element = type.children[0]!
        this.uint32(0)
        const lengthAt = this.length - 4
        this.align(alignmentOf(element.code))
        const start = this.length
        for (const item of value as ReadonlyArray<unknown>) this.value(element, item)
        this.buffer.writeUInt32LE(this.length - start, lengthAt)
        return
      }
      default:
        throw new Error(`cannot marshal type ${type.code}`)
    }
  }
}

const headerField = (writer: Writer, code: number, signature: string): void => {
  writer.align(8)
  writer.byte(code)
  writer.signature(signature)
}

/**
 * Appends one method call, header and body, to `writer` (from its current length, which becomes the message's
 * origin). On an unmarshallable body it throws with the writer rolled back to where it was.
 */
export const writeMethodCall = (writer: Writer, call: OutgoingCall): void => writeCall(writer, call.serial, call)

/** `writeMethodCall` with the serial apart: a connection writes the caller's own spec, without a copy per call. */
export const writeCall = (writer: Writer, serial: number, call: Omit<OutgoingCall, "serial">): void => {
  const start = writer.length
  const origin = writer.origin
  writer.origin = start
  try {
    writer.byte(0x6c) // 'l'
    writer.byte(MessageType.methodCall)
    writer.byte(0)
    writer.byte(1)
    writer.uint32(0) // body length, set below
    writer.uint32(serial)
    writer.uint32(0) // header fields length, set below
    const fieldsAt = writer.length
    headerField(writer, 1, "o")
    writer.string(call.path)
    if (call.interface) {
      headerField(writer, 2, "s")
      writer.string(call.interface)
    }
    headerField(writer, 3, "s")
    writer.string(call.member)
    if (call.destination) {
      headerField(writer, 6, "s")
      writer.string(call.destination)
    }
    if (call.signature) {
      headerField(writer, 8, "g")
      writer.signature(call.signature)
    }
    writer.buffer.writeUInt32LE(writer.length - fieldsAt, start + 12)
    writer.align(8)
    if (call.signature) {
      // The body starts 8-aligned in the message, so aligning relative to the message is aligning in the body.
      const bodyAt = writer.length
      const types = parseSignature(call.signature)
      const values = call.body ?? []
      for (let i = 0; i < types.length; i++) writer.value(types[i]!, values[i])
      writer.buffer.writeUInt32LE(writer.length - bodyAt, start + 4)
    }
  } catch (error) {
    writer.length = start
    throw error
  } finally {
    writer.origin = origin
  }
}

/** One method call, header and body, in one buffer of its own. */
export const encodeMethodCall = (call: OutgoingCall): Buffer => {
  const writer = new Writer(256 + call.path.length + call.member.length)
  writeMethodCall(writer, call)
  return writer.buffer.subarray(0, writer.length)
}

class Reader {
  position: number

  constructor(private readonly buffer: Buffer, private readonly base: number, start: number) {
    this.position = start
  }

  align(to: number) {
    const relative = this.position - this.base
    this.position += (to - (relative % to)) % to
  }

  uint32(): number {
    this.align(4)
    const value = this.buffer.readUInt32LE(this.position)
    this.position += 4
    return value
  }

  string(): string {
    const length = this.uint32()
    const value = this.buffer.toString("utf8", this.position, this.position + length)
    this.position += length + 1
    return value
  }

  signature(): string {
    const length = this.buffer[this.position]!
    const value = this.buffer.toString("ascii", this.position + 1, this.position + 1 + length)
    this.position += length + 2
    return value
  }

  value(type: TypeNode): unknown {
    const b = this.buffer
    switch (type.code) {
      case "y": return b[this.position++]
      case "b": return this.uint32() !== 0
      case "n": { this.align(2); const v = b.readInt16LE(this.position); this.position += 2; return v }
      case "q": { this.align(2); const v = b.readUInt16LE(this.position); this.position += 2; return v }
      case "i": case "h": { this.align(4); const v = b.readInt32LE(this.position); this.position += 4; return v }
      case "u": return this.uint32()
      case "x": { this.align(8); const v = Number(b.readBigInt64LE(this.position)); this.position += 8; return v }
      case "t": { this.align(8); const v = Number(b.readBigUInt64LE(this.position)); this.position += 8; return v }
      case "d": { this.align(8); const v = b.readDoubleLE(this.position); this.position += 8; return v }
      case "s": case "o": return this.string()
      case "g": return this.signature()
      case "v": {
        const signature = this.signature()
        const nodes = parseSignature(signature)
        return [signature, nodes.map((node) => this.value(node))]
      }
      case "(": case "{": {
        this.align(8)
        return type.children.map((child) => this.value(child))
      }
      case "a": {
        const length = this.uint32()
        const element = type.children[0]!
        this.align(alignmentOf(element.code))
        const end = this.position + length
        const items: Array<unknown> = []
        while (this.position < end) items.push(this.value(element))
        return items
      }
      default:
        throw new Error(`cannot unmarshal type ${type.code}`)
    }
  }
}

/** Total length of the message starting at `buffer[0]`, once its first 16 bytes are there. */
export const messageLength = (buffer: Buffer): number => {
  if (buffer[0] !== 0x6c) throw new Error("big-endian D-Bus messages are not supported")
  const bodyLength = buffer.readUInt32LE(4)
  const fieldsLength = buffer.readUInt32LE(12)
  return 16 + (((fieldsLength + 7) >> 3) << 3) + bodyLength
}

/**
 * Reads a reply's whole body where the caller knows its layout better than the generic reader (Cache.GetItems), or
 * answers undefined to leave it to the generic reader (another signature).
 */
export type BodyDecoder = (buffer: Buffer, bodyStart: number, signature: string) => ReadonlyArray<unknown> | undefined

/**
 * Decodes one complete message (`buffer` holds exactly it). `decoderFor` may name a body decoder for the reply to
 * a given call serial (the caller's own, for a body it knows).
 */
export const decodeMessage = (buffer: Buffer, decoderFor?: (replySerial: number) => BodyDecoder | undefined): IncomingMessage => {
  const fieldsLength = buffer.readUInt32LE(12)
  const header = new Reader(buffer, 0, 16)
  const end = 16 + fieldsLength
  let replySerial: number | undefined
  let errorName: string | undefined
  let sender: string | undefined
  let signature: string | undefined
  let path: string | undefined
  let iface: string | undefined
  let member: string | undefined
  while (header.position < end) {
    header.align(8)
    const code = buffer[header.position++]!
    // Every header field is one basic type: its signature is one byte (length 1, code, NUL).
    const fieldType = buffer[header.position] === 1 ? buffer[header.position + 1]! : 0
    let value: unknown
    if (fieldType === 0x75 /* u */) {
      header.position += 3
      value = header.uint32()
    } else if (fieldType === 0x73 /* s */ || fieldType === 0x6f /* o */) {
      header.position += 3
      value = header.string()
    } else if (fieldType === 0x67 /* g */) {
      header.position += 3
      value = header.signature()
    } else {
      value = header.value(parseSignature(header.signature())[0]!)
    }
    if (code === 5) replySerial = value as number
    else if (code === 4) errorName = value as string
    else if (code === 7) sender = value as string
    else if (code === 8) signature = value as string
    else if (code === 1) path = value as string
    else if (code === 2) iface = value as string
    else if (code === 3) member = value as string
  }
  const bodyStart = 16 + (((fieldsLength + 7) >> 3) << 3)
  const decodeBody = decoderFor && replySerial !== undefined ? decoderFor(replySerial) : undefined
  let body: ReadonlyArray<unknown> | undefined = decodeBody && signature && buffer.length > bodyStart
    ? decodeBody(buffer, bodyStart, signature)
    : undefined
  if (body === undefined && signature && buffer.length > bodyStart) {
    const values: Array<unknown> = []
    const reader = new Reader(buffer, bodyStart, bodyStart)
    const types = parseSignature(signature)
    for (let i = 0; i < types.length; i++) values.push(reader.value(types[i]!))
    body = values
  }
  return {
    type: buffer[1]!,
    serial: buffer.readUInt32LE(8),
    replySerial,
    errorName,
    sender,
    signature,
    path,
    interface: iface,
    member,
    body: body ?? []
  }
}
