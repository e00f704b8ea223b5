// The host contract: what World App accepts on the wire, per command.
//
// Written from the spec (§3, §5, §9) and the reference notes on the official
// toolkit, NOT from the SDK's own schemas, so a test that checks an SDK
// payload against it is an independent check. The MiniKit 2.x shapes
// (send-transaction 2, attestation, chat, close-miniapp) are what official
// 2.0.3 sends and reads, from its published build. Full `zod` on purpose: this is
// a subpath for servers, tests and the host simulator; size does not matter here.
//
// Unknown extra keys are tolerated (the host ignores them), but every field
// the host reads must have the documented shape, and nothing may be lost or
// crash on the Android bridge, which JSON-encodes the message.
//
// The command names and versions are not restated here: they come from the
// protocol table (protocol/protocol.ts) and the host's additions to it
// (hostProtocol.ts), and the shapes are keyed by them: a command added to
// either table without a wire shape does not compile, and a test checks that
// every version the host speaks has a payload and a reply shape.
//
// Replies are part of the contract too (`hostReplyContract`): the host
// simulator checks its own answers against them, and the cross-client tests
// check that the official toolkits accept them.
//
// Reused by the host simulator: `hostPayloadContract[command][version]`,
// or `hostMessageContract.safeParse({ command, version, payload })`.
import { z } from 'zod'
import { WORLD_CHAIN_ID } from '../protocol/chain.js'
import { COMMAND_HOST_VERSIONS, COMMAND_VERSIONS, type Command, PROTOCOL } from '../protocol/protocol.js'
import { VerificationLevel } from '../protocol/verificationLevels.js'
import { HOST_COMMANDS, HOST_VERSIONS, type HostCommand } from './hostProtocol.js'

/** The SDK's wire command names (the protocol table's keys); `HOST_COMMANDS` adds the host-only ones. */
export const WIRE_COMMANDS = Object.keys(PROTOCOL) as [Command, ...Command[]]
export type WireCommand = Command

/** Versions the host speaks of the SDK's commands as the protocol table lists them; `HOST_VERSIONS` has them all. */
export const HOST_COMMAND_VERSIONS = COMMAND_HOST_VERSIONS

const MAX_SHARE_FILES = 10
const MAX_SHARE_BYTES = 50 * 1024 * 1024
const MIN_USDC_BASE_UNITS = 100_000n // $0.1 with 6 decimals

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 20-byte hex address')
const isoTimestamp = z.iso.datetime({ error: 'expected an ISO 8601 UTC timestamp' })

// ---------------------------------------------------------------------------
// JSON safety: the Android bridge sends JSON.stringify(message). bigint throws,
// functions and symbols vanish, and class instances lose their data.

export interface JsonRules {
  /** Numbers allowed (send-transaction with formatPayload sends strings only). */
  numbers: boolean
  /** Plain objects allowed (formatted contract arguments are positional tuples). */
  objects: boolean
}

/** The first reason `value` cannot cross the bridge under `rules`, or undefined. */
export function jsonProblem(value: unknown, rules: JsonRules, path = '', seen = new Set<object>()): string | undefined {
  const at = path || '(root)'
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return undefined
    case 'number':
      return rules.numbers ? undefined : `${at}: numbers must be sent as strings`
    case 'bigint':
      return `${at}: bigint cannot be JSON-encoded`
    case 'symbol':
    case 'function':
      return `${at}: ${typeof value} cannot be JSON-encoded`
  }
  if (value === null) return undefined
  const object = value as object
  if (seen.has(object)) return `${at}: circular reference`
  seen.add(object)
  try {
    if (Array.isArray(object)) {
      for (let index = 0; index < object.length; index++) {
        const problem = jsonProblem(object[index], rules, `${path}[${index}]`, seen)
        if (problem) return problem
      }
      return undefined
    }
    const proto = Object.getPrototypeOf(object)
    if (proto !== Object.prototype && proto !== null) return `${at}: only plain objects and arrays can be JSON-encoded`
    if (!rules.objects) return `${at}: objects must be flattened to positional arrays`
    for (const [key, inner] of Object.entries(object)) {
      const problem = jsonProblem(inner, rules, path ? `${path}.${key}` : key, seen)
      if (problem) return problem
    }
    return undefined
  } finally {
    seen.delete(object)
  }
}

const json = (rules: JsonRules) =>
  z.unknown().superRefine((value, ctx) => {
    const problem = jsonProblem(value, rules)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
const jsonObject = z.record(z.string(), json({ numbers: true, objects: true }))

// ---------------------------------------------------------------------------
// wallet-auth: a SIWE (EIP-4361) message in World App's layout.

const SIWE_HEADER = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?([^\s/?#]+) wants you to sign in with your Ethereum account:$/
const REQUIRED_FIELDS = ['URI', 'Version', 'Chain ID', 'Nonce', 'Issued At'] as const
const OPTIONAL_FIELDS = ['Expiration Time', 'Not Before', 'Request ID'] as const

/** Every way `text` departs from the World App SIWE layout (empty when valid). */
export function siweProblems(text: string): string[] {
  const problems: string[] = []
  if (!text.endsWith('\n')) problems.push('every line, the last included, must end with \\n')
  const lines = text.replace(/\n$/, '').split('\n')
  const header = SIWE_HEADER.exec(lines[0] ?? '')
  if (!header)
    problems.push(
      `line 1 must be "<scheme>://<host> wants you to sign in with your Ethereum account:", got ${JSON.stringify(lines[0])}`,
    )
  const addressLine = lines[1] ?? ''
  if (addressLine !== '{address}' && !/^0x[0-9a-fA-F]{40}$/.test(addressLine))
    problems.push('line 2 must be the {address} placeholder')
  if (lines[2] !== '') problems.push('line 3 must be empty')
  let index = 3
  if (lines[3] !== '' && lines[3] !== undefined) {
    if (/\r/.test(lines[3])) problems.push('the statement must be a single line')
    index = 4
  }
  if (lines[index] !== '') problems.push(`line ${index + 1} must be empty (statement block)`)
  index++
  const fields = new Map<string, string>()
  for (const tag of REQUIRED_FIELDS) {
    const line = lines[index] ?? ''
    if (!line.startsWith(`${tag}: `)) {
      problems.push(`line ${index + 1} must be "${tag}: …", got ${JSON.stringify(line)}`)
      return problems
    }
    fields.set(tag, line.slice(tag.length + 2))
    index++
  }
  let optional = 0
  for (; index < lines.length; index++) {
    const line = lines[index] as string
    const next = OPTIONAL_FIELDS.findIndex((tag, position) => position >= optional && line.startsWith(`${tag}: `))
    if (next < 0) {
      problems.push(`unexpected or out-of-order line ${index + 1}: ${JSON.stringify(line)}`)
      break
    }
    fields.set(OPTIONAL_FIELDS[next] as string, line.slice((OPTIONAL_FIELDS[next] as string).length + 2))
    optional = next + 1
  }
  if (fields.get('Version') !== '1') problems.push('Version must be 1')
  if (fields.get('Chain ID') !== String(WORLD_CHAIN_ID)) problems.push(`Chain ID must be ${WORLD_CHAIN_ID}`)
  if (!/^\S{8,}$/.test(fields.get('Nonce') ?? '')) problems.push('Nonce must be at least 8 characters without whitespace')
  for (const tag of ['Issued At', 'Expiration Time', 'Not Before']) {
    const value = fields.get(tag)
    if (value !== undefined && !isoTimestamp.safeParse(value).success) problems.push(`${tag} must be an ISO 8601 timestamp`)
  }
  const uri = fields.get('URI') ?? ''
  let parsed: URL | undefined
  try {
    parsed = new URL(uri)
  } catch {
    problems.push('URI must be an absolute URI')
  }
  if (parsed && header) {
    if (header[2] !== parsed.host) problems.push(`the domain (${header[2]}) must be the URI's host (${parsed.host})`)
    if (header[1] !== undefined && `${header[1]}:` !== parsed.protocol) problems.push("the scheme must be the URI's scheme")
  }
  return problems
}

const walletAuth = z.object({
  siweMessage: z.string().superRefine((text, ctx) => {
    for (const message of siweProblems(text)) ctx.addIssue({ code: 'custom', message })
  }),
})

// ---------------------------------------------------------------------------
// pay

const baseUnits = z.string().regex(/^\d+$/, 'token_amount must be a whole number of base units, as a decimal string')
// Tokens MiniKit 2.x added (18 decimals, EURC 6); World App takes them like WLD.
const otherTokens = z.enum(['WLD', 'WARS', 'WCOP', 'WMXN', 'WBRL', 'WPEN', 'WCLP', 'EURC'])
const pay = z.object({
  reference: z.string().max(36),
  to: z.string().min(1),
  tokens: z
    .array(
      z.discriminatedUnion('symbol', [
        z.object({
          symbol: z.literal('USDCE'),
          token_amount: baseUnits.refine(
            (amount) => /^\d+$/.test(amount) && BigInt(amount) >= MIN_USDC_BASE_UNITS,
            'USDC amount should be greater than $0.1',
          ),
        }),
        z.object({ symbol: otherTokens, token_amount: baseUnits }),
      ]),
    )
    .min(1),
  description: z.string(),
  network: z.literal('worldchain'),
})

// ---------------------------------------------------------------------------
// verify

// The levels are the protocol's one list (World ID's names, spec §5), not restated here.
const verificationLevel = z.enum(Object.values(VerificationLevel))
const verify = z.object({
  action: z.string(),
  // hashToField: keccak-256 >> 8, so the leading byte is always 00.
  signal: z.string().regex(/^0x00[0-9a-f]{62}$/, 'signal must be a field digest (0x00 + 62 hex digits)'),
  verification_level: verificationLevel,
  timestamp: isoTimestamp,
})

// ---------------------------------------------------------------------------
// send-transaction

const uintLike = z.union([z.string(), z.number()])
const sendTransaction = z
  .object({
    transaction: z
      .array(
        z.object({
          address,
          abi: z.array(z.looseObject({ type: z.string() })),
          functionName: z.string().min(1),
          value: z
            .string()
            .regex(/^0x[0-9A-Fa-f]+$/, 'Transaction value must be a valid hex string')
            .optional(),
          // Unformatted (formatPayload: false) args reach World App as the app wrote them, named structs included.
          args: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())], {
            error: 'args must be an array or an object',
          }),
        }),
      )
      .min(1),
    permit2: z
      .array(
        z.object({
          permitted: z.object({ token: address, amount: uintLike }),
          spender: address,
          nonce: uintLike,
          deadline: uintLike,
        }),
      )
      .optional(),
    formatPayload: z.boolean(),
  })
  .superRefine((payload, ctx) => {
    const formatted = payload.formatPayload
    payload.transaction.forEach((transaction, index) => {
      // Formatted: decimal strings in positional tuples. Unformatted: anything JSON carries.
      const rules = { numbers: !formatted, objects: !formatted }
      const args = jsonProblem(transaction.args, rules, `transaction[${index}].args`)
      if (args) ctx.addIssue({ code: 'custom', message: args, path: ['transaction', index, 'args'] })
      const abi = jsonProblem(transaction.abi, { numbers: true, objects: true }, `transaction[${index}].abi`)
      if (abi) ctx.addIssue({ code: 'custom', message: abi, path: ['transaction', index, 'abi'] })
    })
    payload.permit2?.forEach((permit, index) => {
      const values = [permit.permitted.amount, permit.nonce, permit.deadline]
      if (formatted && values.some((value) => typeof value !== 'string')) {
        ctx.addIssue({ code: 'custom', message: 'formatted permit2 amounts must be strings', path: ['permit2', index] })
      }
    })
  })

// send-transaction 2 (MiniKit 2.x): calldata first. The SDK turns numbers into
// strings and checks `value` before sending; World App only runs on World Chain.
const hexData = z.string().regex(/^0x[0-9a-fA-F]*$/, 'data must be a hex string')
const sendTransactionV2 = z.object({
  transactions: z
    .array(
      z.object({
        to: address,
        data: hexData.optional(),
        value: z
          .string()
          .regex(/^0x[0-9A-Fa-f]+$/, 'Transaction value must be a valid hex string')
          .optional(),
      }),
    )
    .min(1, 'At least one transaction is required'),
  chainId: z.number().int().positive(),
})

// ---------------------------------------------------------------------------
// attestation, chat, close-miniapp (MiniKit 2.x; host-only for this SDK)

const attestation = z.object({ request_hash: z.string().min(1, 'request_hash must not be empty') })
const chat = z.object({
  message: z.string().min(1, 'message must not be empty'),
  to: z.array(z.string()).optional(),
})
const closeMiniapp = z.object({})

// ---------------------------------------------------------------------------
// sign-message, sign-typed-data

const signMessage = z.object({ message: z.string() })

const signTypedData = z
  .object({
    types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
    primaryType: z.string(),
    message: jsonObject,
    domain: jsonObject.optional(),
    chainId: z.number().int().positive(),
  })
  .refine((payload) => Object.hasOwn(payload.types, payload.primaryType), 'primaryType must be one of the types')

// ---------------------------------------------------------------------------
// contacts, permissions, haptics

const shareContacts = z.object({ isMultiSelectEnabled: z.boolean(), inviteMessage: z.string().optional() })
const requestPermission = z.object({ permission: z.enum(['notifications', 'contacts', 'microphone']) })
const getPermissions = z.strictObject({})
const sendHapticFeedback = z.discriminatedUnion('hapticsType', [
  z.object({ hapticsType: z.literal('notification'), style: z.enum(['error', 'success', 'warning']) }),
  z.object({ hapticsType: z.literal('selection-changed'), style: z.undefined().optional() }),
  // soft and rigid: World App's docs list them; the toolkits' types do not (yet).
  z.object({ hapticsType: z.literal('impact'), style: z.enum(['light', 'medium', 'heavy', 'soft', 'rigid']) }),
])

// ---------------------------------------------------------------------------
// share: Android gets files inlined as base64; iOS gets the raw input (the
// native sheet shares the File objects; the message is for analytics).

const base64Bytes = (data: string) => {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0
  return (data.length / 4) * 3 - padding
}
const androidFiles = z
  .array(z.object({ name: z.string(), type: z.string(), data: z.base64() }))
  .max(MAX_SHARE_FILES)
  .refine(
    (files) => files.reduce((sum, file) => sum + base64Bytes(file.data), 0) <= MAX_SHARE_BYTES,
    'Total file size cannot exceed 50MB.',
  )
const iosFiles = z
  .array(z.custom<File>((value) => typeof File !== 'undefined' && value instanceof File, 'expected a File'))
  .max(MAX_SHARE_FILES)
  .refine((files) => files.reduce((sum, file) => sum + file.size, 0) <= MAX_SHARE_BYTES, 'Total file size cannot exceed 50MB.')
const share = z.object({
  files: z.union([androidFiles, iosFiles]).optional(),
  title: z.string().optional(),
  text: z.string().optional(),
  url: z.string().optional(),
})

// ---------------------------------------------------------------------------

/**
 * What World App accepts as `payload`, per host command and version.
 *
 * @example
 * ```ts
 * hostPayloadContract['send-transaction'][2].safeParse({ transactions: [{ to }], chainId: 480 })
 * ```
 */
export const hostPayloadContract: { readonly [C in HostCommand]: Readonly<Record<number, z.ZodType>> } = {
  verify: { 1: verify },
  pay: { 1: pay },
  'wallet-auth': { 1: walletAuth, 2: walletAuth },
  'send-transaction': { 1: sendTransaction, 2: sendTransactionV2 },
  'sign-message': { 1: signMessage },
  'sign-typed-data': { 1: signTypedData },
  'share-contacts': { 1: shareContacts },
  'request-permission': { 1: requestPermission },
  'get-permissions': { 1: getPermissions },
  'send-haptic-feedback': { 1: sendHapticFeedback },
  share: { 1: share },
  attestation: { 1: attestation },
  chat: { 1: chat },
  'close-miniapp': { 1: closeMiniapp },
}

/** What World App accepts as `payload` at the version this SDK sends, per command of the protocol table. */
export const hostContract = Object.fromEntries(
  WIRE_COMMANDS.map((command) => [command, hostPayloadContract[command][COMMAND_VERSIONS[command]]]),
) as Record<Command, z.ZodType>

/** A whole host message: known command, a version the host speaks, a valid payload for that version. */
export const hostMessageContract = z
  .object({ command: z.enum(HOST_COMMANDS), version: z.number().int(), payload: z.unknown() })
  .superRefine((message, ctx) => {
    const shape = hostPayloadContract[message.command][message.version]
    if (!shape || !HOST_VERSIONS[message.command].includes(message.version)) {
      ctx.addIssue({ code: 'custom', message: `${message.command} has no version ${message.version}`, path: ['version'] })
      return
    }
    const payload = shape.safeParse(message.payload)
    if (!payload.success) {
      for (const issue of payload.error.issues) ctx.addIssue({ ...issue, path: ['payload', ...issue.path] } as never)
    }
  })

/**
 * Human-readable reasons `payload` is not accepted for `command` (empty when
 * accepted), at `version` (by default the version this SDK sends, or the
 * host-only command's first).
 */
export function contractProblems(command: HostCommand, payload: unknown, version?: number): string[] {
  const shape = hostPayloadContract[command][version ?? defaultVersion(command)]
  if (!shape) return [`version: ${command} has no version ${version}`]
  const result = shape.safeParse(payload)
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`)
}

const defaultVersion = (command: HostCommand): number =>
  Object.hasOwn(COMMAND_VERSIONS, command) ? COMMAND_VERSIONS[command as Command] : (HOST_VERSIONS[command][0] as number)

// ---------------------------------------------------------------------------
// Replies: what World App sends back through `window.MiniKit.trigger(event, payload)`.
// Success shapes per command and version; one error shape for all.

const hash32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'expected a 32-byte hex hash')
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'expected a hex string')
const success = <T extends z.ZodRawShape>(version: number, shape: T) =>
  z.object({ status: z.literal('success'), version: z.literal(version), ...shape })

/** A failure reply, for every command: `error_code` (the command's own codes), sometimes `details`. */
export const hostErrorReply = z.object({
  status: z.literal('error'),
  error_code: z.string().min(1),
  version: z.number().int(),
  details: z.unknown().optional(),
})

const signed = (version: number) => success(version, { signature: hex, address })
const transactionSubmitted = {
  transaction_status: z.literal('submitted'),
  transaction_id: hash32,
  reference: z.string(),
  from: address,
  chain: z.literal('worldchain'),
  timestamp: isoTimestamp,
}
const timestamped = (version: number, shape: z.ZodRawShape = {}) => success(version, { timestamp: isoTimestamp, ...shape })

/**
 * The success reply World App sends, per host command and version
 * (close-miniapp has none: the webview is gone). Unknown extra keys are
 * tolerated, as the clients read only these.
 *
 * @example
 * ```ts
 * hostReplyContract['send-transaction'][2].parse(reply) // { userOpHash, from, network, timestamp, … }
 * ```
 */
export const hostReplyContract: { readonly [C in HostCommand]: Readonly<Record<number, z.ZodType>> } = {
  verify: {
    1: success(1, {
      proof: hex,
      merkle_root: hex,
      nullifier_hash: hex,
      verification_level: verificationLevel,
    }),
  },
  pay: { 1: success(1, transactionSubmitted) },
  'wallet-auth': {
    1: success(1, { message: z.string(), signature: hex, address }),
    2: success(2, { message: z.string(), signature: hex, address }),
  },
  'send-transaction': {
    // 1.9.6's types require `reference` although the request carries none: World App makes one up.
    1: success(1, { ...transactionSubmitted, mini_app_id: z.string().optional() }),
    2: success(2, { userOpHash: hash32, from: address, network: z.literal('worldchain'), timestamp: isoTimestamp }),
  },
  'sign-message': { 1: signed(1) },
  'sign-typed-data': { 1: signed(1) },
  'share-contacts': {
    1: timestamped(1, {
      contacts: z.array(z.object({ username: z.string(), walletAddress: address, profilePictureUrl: z.string().nullable() })),
    }),
  },
  'request-permission': {
    1: timestamped(1, { permission: z.enum(['notifications', 'contacts', 'microphone']) }),
  },
  'get-permissions': { 1: timestamped(1, { permissions: z.record(z.string(), z.boolean()) }) },
  'send-haptic-feedback': { 1: timestamped(1) },
  share: { 1: timestamped(1, { shared_files_count: z.number().int().nonnegative() }) },
  attestation: { 1: success(1, { token: z.string().min(1) }) },
  chat: { 1: timestamped(1, { count: z.number().int().nonnegative() }) },
  'close-miniapp': {},
}

/**
 * Reasons a reply to `command` at `version` departs from the contract (empty
 * when it conforms): a success reply against the command's shape, an error
 * reply against the common error shape.
 *
 * @example
 * ```ts
 * replyProblems('chat', 1, { status: 'success', version: 1, count: 1, timestamp: new Date().toISOString() }) // []
 * ```
 */
export function replyProblems(command: HostCommand, version: number, reply: unknown): string[] {
  const isError = typeof reply === 'object' && reply !== null && (reply as { status?: unknown }).status === 'error'
  const shape = isError ? hostErrorReply : hostReplyContract[command][version]
  if (!shape) return [`${command} ${version} has no reply`]
  const result = shape.safeParse(reply)
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.') || 'reply'}: ${issue.message}`)
}
