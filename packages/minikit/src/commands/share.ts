import * as z from 'zod/mini'
import { fail } from '../commandPipeline/parseInput.js'
import { assertAvailable, runCommand, sendCommand } from '../commandPipeline/runCommand.js'
import type { CommandDefinition } from '../protocol/CommandDefinition.js'
import { type ReplyOf, replySchema } from '../schemas/replySchema.js'
import { state } from '../state.js'
import type { CommandOptions } from '../types.js'

/** At most this many files per share. */
export const MAX_SHARE_FILES = 10
/** At most this many bytes in all, 50 MB. */
export const MAX_SHARE_BYTES = 50 * 1024 * 1024
// String.fromCharCode.apply overflows the argument limit on large buffers.
const CHUNK_BYTES = 0x8000

/** Input of {@link share}. */
export interface ShareInput {
  files?: File[]
  title?: string
  text?: string
  url?: string
}

/** Wire type: the Android share payload, files inlined as base64. */
export interface SharePayload {
  files?: Array<{ name: string; type: string; data: string }>
  title?: string
  text?: string
  url?: string
}

const optionalText = (field: string) => z.optional(z.string(`'${field}' must be a string`))
const shareFields = z.object({ title: optionalText('title'), text: optionalText('text'), url: optionalText('url') })

const shareReply = replySchema({
  shared_files_count: z.optional(z.number()),
  version: z.number(),
  timestamp: z.optional(z.string()),
})

/** The final share payload (synthesised from `navigator.share` on iOS). */
export type ShareResult = ReplyOf<typeof shareReply>

/** @internal */
export const shareDefinition: CommandDefinition<ShareResult> = {
  command: 'share',
  event: 'miniapp-share',
  method: 'share',
  reply: shareReply,
}

/**
 * Check share input against the host's limits (spec §5) before any file is read.
 *
 * @example
 * ```ts
 * validateShareInput({ files: [new File(['hi'], 'hi.txt')] })
 * ```
 */
export function validateShareInput(input: ShareInput): ShareInput {
  if (input === null || typeof input !== 'object') fail('Share input must be an object.', 'share')
  const fields = shareFields.safeParse(input)
  if (!fields.success) fail(fields.error.issues[0]?.message ?? 'Invalid share input', 'share')
  const { files } = input
  if (files === undefined) return input
  if (!Array.isArray(files)) fail('The "files" property must be an array.', 'share')
  if (files.length > MAX_SHARE_FILES) fail('Cannot share more than 10 files.', 'share')
  let total = 0
  for (const file of files) {
    if (typeof File === 'undefined' || !(file instanceof File)) {
      fail('Each item in the files array must be a File object.', 'share', `Received: ${typeof file}`)
    }
    total += file.size
  }
  if (total > MAX_SHARE_BYTES) fail('Total file size cannot exceed 50MB.', 'share')
  return input
}

async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
    binary += String.fromCharCode.apply(null, bytes.subarray(offset, offset + CHUNK_BYTES) as unknown as number[])
  }
  return btoa(binary)
}

/**
 * Validate share input and inline its files as base64 for the Android host.
 *
 * @example
 * ```ts
 * const payload = await formatShareInput({ files: [card], text: 'My find' })
 * ```
 */
export async function formatShareInput(input: ShareInput): Promise<SharePayload> {
  const { files, title, text, url } = validateShareInput(input)
  const payload: SharePayload = { title, text, url }
  if (files)
    payload.files = await Promise.all(
      files.map(async (file) => ({ name: file.name, type: file.type, data: await toBase64(file) })),
    )
  return payload
}

/**
 * Open the share sheet. On iOS the native sheet (`navigator.share`) shows
 * it and the host only records the event; on Android the host shows it.
 * Resolves on both platforms (the official toolkit hangs on Android).
 *
 * @example
 * ```ts
 * const result = await share({ title: 'WorldMap', text: 'I found a golden compass!', url: location.origin })
 * ```
 */
export function share(input: ShareInput, options?: CommandOptions): Promise<ShareResult> {
  return shareOn(state.deviceProperties.deviceOS, input, options)
}

/**
 * {@link share} on the given device OS: the 2.x `share` passes the one of
 * its command context (`ctx.state.deviceProperties.deviceOS`), as official 2.x does.
 *
 * @example
 * ```ts
 * await shareOn('android', { text: 'Join me' })
 * ```
 */
export async function shareOn(deviceOS: string | undefined, input: ShareInput, options?: CommandOptions): Promise<ShareResult> {
  if (deviceOS !== 'ios') {
    return runCommand(shareDefinition, () => formatShareInput(input), options)
  }
  assertAvailable(shareDefinition)
  validateShareInput(input)
  // iOS shares natively; the message is for the host's analytics only.
  sendCommand(shareDefinition, input)
  const version = 1
  try {
    if (typeof navigator === 'undefined' || typeof navigator.share !== 'function')
      throw new Error('navigator.share is unavailable')
    await navigator.share(input)
    return { status: 'success', shared_files_count: input.files?.length ?? 0, version, timestamp: new Date().toISOString() }
  } catch (error) {
    const code = (error as Error)?.name === 'AbortError' ? 'user_rejected' : 'generic_error'
    return { status: 'error', error_code: code, version, details: (error as Error)?.message }
  }
}

/**
 * Every error {@link share} can reject with, wagmi style: switch on `name` to narrow.
 * `ErrorType`: the native message handler threw, or a file could not be read.
 */
export type ShareErrorType =
  | import('../errors/CommandUnavailableError.js').CommandUnavailableErrorType
  | import('../errors/InvalidPayloadError.js').InvalidPayloadErrorType
  | import('../errors/HostUnavailableError.js').HostUnavailableErrorType
  | import('../errors/CommandTimeoutError.js').CommandTimeoutErrorType
  | import('../errors/CommandAbortedError.js').CommandAbortedErrorType
  | import('../errors/MalformedReplyError.js').MalformedReplyErrorType
  | import('../errors/BaseError.js').ErrorType
