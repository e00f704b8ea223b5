import * as z from 'zod/mini'
import { decimalStrings } from '../commandPipeline/decimalStrings.js'
import { fail, parseInput } from '../commandPipeline/parseInput.js'
import { runCommand } from '../commandPipeline/runCommand.js'
import { safeString } from '../errors/safeString.js'
import type { CommandDefinition } from '../protocol/CommandDefinition.js'
import { WORLD_CHAIN_ID } from '../protocol/chain.js'
import { type ReplyOf, replySchema } from '../schemas/replySchema.js'
import type { CommandOptions } from '../types.js'

const HEX_VALUE = /^0x[0-9A-Fa-f]+$/
const VALUE_ERROR = 'Transaction value must be a valid hex string'

const address = z
  .string("'address' must be a string")
  .check(z.regex(/^0x[0-9a-fA-F]{40}$/, "'address' must be a 20-byte hex address"))
const abiParameter: z.ZodMiniType<AbiParameter> = z.looseObject({
  name: z.optional(z.string()),
  type: z.string(),
  get components() {
    return z.optional(z.array(abiParameter))
  },
})

// A missing or object nonce/amount/deadline would reach the host as is (permit2 is not flattened).
const uint = z.union(
  [z.string(), z.number(), z.bigint()],
  "'permit2' amount, nonce and deadline must be numbers, bigints or strings",
)

const transactionInput = z.object({
  transaction: z
    .array(
      z.object({
        address,
        abi: z.array(
          z.looseObject({ type: z.string(), name: z.optional(z.string()), inputs: z.optional(z.array(abiParameter)) }),
          "'abi' must be an array",
        ),
        functionName: z.string("'functionName' must be a string").check(z.minLength(1, "'functionName' must not be empty")),
        value: z.optional(z.unknown()),
        args: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())], "'args' must be an array or an object"),
      }),
      "'transaction' must be an array",
    )
    .check(z.minLength(1, "'transaction' must not be empty")),
  permit2: z.optional(
    z.array(
      z.object({
        permitted: z.object({ token: address, amount: uint }),
        spender: address,
        nonce: uint,
        deadline: uint,
      }),
      "'permit2' must be an array",
    ),
  ),
  formatPayload: z.optional(z.boolean("'formatPayload' must be a boolean")),
})

/** An ABI parameter, enough to order named tuple fields. */
export interface AbiParameter {
  name?: string
  type: string
  components?: readonly AbiParameter[]
}

/** Input of {@link sendTransaction}. */
export type SendTransactionInput = z.input<typeof transactionInput>

/**
 * Wire type: the send-transaction payload. Formatted (the default): decimal
 * strings and positional tuples. With `formatPayload: false`: the caller's
 * input itself, as is.
 */
export type SendTransactionPayload =
  | {
      transaction: Array<{ address: string; abi: unknown[]; functionName: string; value?: string; args: unknown[] }>
      permit2?: unknown[]
      formatPayload: true
    }
  | (SendTransactionInput & { formatPayload: false })

const sendTransactionReply = replySchema({
  transaction_status: z.string(),
  transaction_id: z.string(),
  reference: z.optional(z.string()),
  from: z.string(),
  chain: z.string(),
  timestamp: z.string(),
  version: z.number(),
})

/** The host's final send-transaction payload. */
export type SendTransactionResult = ReplyOf<typeof sendTransactionReply>

/** @internal */
export const sendTransactionDefinition: CommandDefinition<SendTransactionResult> = {
  command: 'send-transaction',
  event: 'miniapp-send-transaction',
  method: 'sendTransaction',
  reply: sendTransactionReply,
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * Turn named struct values into positional tuples. Field order comes from
 * the ABI's tuple components (the order the contract decodes), falling back
 * to key order when the ABI does not describe the value.
 */
function flatten(value: unknown, parameter?: AbiParameter): unknown {
  const components = parameter?.components
  if (parameter && /\[\d*\]$/.test(parameter.type) && Array.isArray(value)) {
    const element = { ...parameter, type: parameter.type.replace(/\[\d*\]$/, '') }
    return value.map((item) => flatten(item, element))
  }
  if (isPlainObject(value)) {
    // Own keys only: an inherited `toString` is no struct field.
    if (components?.length && components.every((c) => c.name && Object.hasOwn(value, c.name))) {
      return components.map((component) => flatten(value[component.name as string], component))
    }
    return Object.values(value).map((inner) => flatten(inner))
  }
  if (Array.isArray(value)) return value.map((inner, index) => flatten(inner, components?.[index]))
  return value
}

function orderArgs(
  args: unknown,
  abi: ReadonlyArray<{ type: string; name?: string; inputs?: readonly AbiParameter[] }>,
  functionName: string,
) {
  const count = Array.isArray(args) ? args.length : isPlainObject(args) ? Object.keys(args).length : 0
  const inputs = abi.find(
    (item) => item.type === 'function' && item.name === functionName && (item.inputs?.length ?? 0) === count,
  )?.inputs
  return flatten(args, { type: 'tuple', components: inputs ?? [] }) as unknown[]
}

/**
 * Where `value` cannot cross the bridge, or undefined. Android sends
 * `JSON.stringify(message)` (a bigint or a cycle throws there, functions and
 * class instances are lost) and iOS cannot carry bigints either.
 */
function unsendable(value: unknown, path: string, seen: unknown[] = []): string | undefined {
  const type = typeof value
  if (type === 'bigint' || type === 'function' || type === 'symbol') return `${path}: ${type}`
  if (!value || type !== 'object') return
  if (seen.includes(value)) return `${path}: circular reference`
  const proto = Object.getPrototypeOf(value)
  if (proto && proto !== Object.prototype && proto !== Array.prototype) return `${path}: not a plain object`
  for (const [key, inner] of Object.entries(value)) {
    const problem = unsendable(inner, `${path}.${key}`, [...seen, value])
    if (problem) return problem
  }
}

/**
 * Validate and format a transaction batch: numbers and bigints become
 * decimal strings and struct args become ABI-ordered tuples. The caller's
 * object is never mutated.
 *
 * With `formatPayload: false` the caller's object itself is sent, untouched
 * (no conversion, no re-shaping, unknown keys kept), as the official toolkit
 * does. Only the checks that do not change it remain: the input shape
 * (a non-empty `transaction` array of `{ address, abi, functionName, args }`,
 * `permit2` if present), the spec's hex `value` rule, and that it can cross
 * the bridge at all (no bigint, function, symbol, class instance or cycle:
 * Android JSON-encodes the message). Object args and numbers go as they are.
 *
 * @example
 * ```ts
 * buildSendTransactionPayload({ transaction: [{ address, abi, functionName: 'mint', args: [1n] }] })
 * // → { transaction: [{ …, args: ['1'] }], formatPayload: true }
 * buildSendTransactionPayload(raw) // raw.formatPayload === false → raw itself
 * ```
 */
export function buildSendTransactionPayload(input: SendTransactionInput): SendTransactionPayload {
  const valid = parseInput(transactionInput, input, 'send-transaction')
  for (const transaction of valid.transaction) {
    // Strings only: String() would let ['0x1'] through, unchanged when formatPayload is false.
    const { value } = transaction
    if (value !== undefined && (typeof value !== 'string' || !HEX_VALUE.test(value))) {
      console.error(VALUE_ERROR, value)
      fail(VALUE_ERROR, 'send-transaction', `Received: ${safeString(value)}`)
    }
  }
  if (valid.formatPayload === false) {
    // The input, not the parsed copy: zod drops unknown keys.
    const problem = unsendable(input, 'payload')
    if (problem) fail('Payload is not JSON-encodable; turn formatPayload on or pass strings', 'send-transaction', problem)
    return input as SendTransactionInput & { formatPayload: false }
  }
  const transaction = valid.transaction.map((tx) => ({
    ...(decimalStrings(tx, 'numbers') as Extract<SendTransactionPayload, { formatPayload: true }>['transaction'][number]),
    ...(tx.value === undefined ? {} : { value: String(tx.value) }),
    args: decimalStrings(orderArgs(tx.args, tx.abi, tx.functionName), 'numbers') as unknown[],
  }))
  return {
    transaction,
    ...(valid.permit2 ? { permit2: decimalStrings(valid.permit2, 'numbers') as unknown[] } : {}),
    formatPayload: true,
  }
}

/**
 * Ask the wallet to send one or more contract calls on World Chain.
 *
 * @example
 * ```ts
 * const result = await sendTransaction({
 *   transaction: [{ address: '0x…', abi, functionName: 'collect', args: [{ dropId: 7n, proof }] }],
 * })
 * if (result.status === 'success') console.log(result.transaction_id)
 * ```
 */
export function sendTransaction(input: SendTransactionInput, options?: CommandOptions): Promise<SendTransactionResult> {
  return runCommand(sendTransactionDefinition, () => buildSendTransactionPayload(input), options)
}

// ---------------------------------------------------------------------------
// send-transaction 2 (the official 2.x sendTransaction): a batch of calls as
// calldata, `{ transactions: [{ to, data?, value? }], chainId }`, answered
// with a user operation hash. The 2.x `sendTransaction` (src/v2) adapts it.

const HEX_DATA = /^0x[0-9a-fA-F]*$/

/** The 2.x rule text for a batch on another chain (the official's words). */
export const WORLD_CHAIN_ONLY = `World App only supports World Chain (chainId: ${WORLD_CHAIN_ID})`

const transactionsV2Input = z.object({
  transactions: z
    .array(
      z.object({
        to: z.string("'to' must be a string").check(z.regex(/^0x[0-9a-fA-F]{40}$/, "'to' must be a 20-byte hex address")),
        data: z.optional(z.string("'data' must be a hex string").check(z.regex(HEX_DATA, "'data' must be a hex string"))),
        value: z.optional(z.string(VALUE_ERROR).check(z.regex(HEX_VALUE, VALUE_ERROR))),
      }),
      "'transactions' must be an array",
    )
    .check(z.minLength(1, 'At least one transaction is required')),
  chainId: z.literal(WORLD_CHAIN_ID, WORLD_CHAIN_ONLY),
})

/** Input of {@link sendTransactionV2}: calls on World Chain, each calldata (`data`) and/or a hex `value`. */
export type SendTransactionV2Input = z.input<typeof transactionsV2Input>

/** Wire type: the send-transaction 2 payload. */
export interface SendTransactionV2Payload {
  transactions: Array<{ to: string; data?: string; value?: string }>
  chainId: number
}

const sendTransactionV2Reply = replySchema({
  userOpHash: z.string(),
  // World App sends both; the official falls back to '' and now when one is missing.
  from: z.optional(z.string()),
  timestamp: z.optional(z.string()),
  network: z.optional(z.string()),
  version: z.number(),
})

/** The host's final send-transaction 2 payload (success or error). */
export type SendTransactionV2Result = ReplyOf<typeof sendTransactionV2Reply>

/** @internal */
export const sendTransactionV2Definition: CommandDefinition<SendTransactionV2Result> = {
  command: 'send-transaction',
  event: 'miniapp-send-transaction',
  method: 'sendTransaction',
  reply: sendTransactionV2Reply,
}

/**
 * Validate a send-transaction 2 batch: every `to` a 20-byte address, `data`
 * and `value` hex strings, at least one call, World Chain. Only the fields
 * World App reads are sent.
 *
 * @example
 * ```ts
 * buildSendTransactionV2Payload({ chainId: 480, transactions: [{ to, data: '0xa9059cbb…' }] })
 * ```
 */
export function buildSendTransactionV2Payload(input: SendTransactionV2Input): SendTransactionV2Payload {
  const valid = parseInput(transactionsV2Input, input, 'send-transaction')
  return {
    transactions: valid.transactions.map(({ to, data, value }) => ({
      to,
      ...(data === undefined ? {} : { data }),
      ...(value === undefined ? {} : { value }),
    })),
    chainId: valid.chainId,
  }
}

/**
 * Send a batch of calls as calldata (send-transaction version 2, what the
 * official 2.x toolkit sends); resolves with World App's reply. Most apps
 * call the 2.x `MiniKit.sendTransaction`, which maps the reply.
 *
 * @example
 * ```ts
 * const reply = await sendTransactionV2({ chainId: 480, transactions: [{ to: token, data: transferCalldata }] })
 * if (reply.status === 'success') console.log(reply.userOpHash)
 * ```
 */
export function sendTransactionV2(input: SendTransactionV2Input, options?: CommandOptions): Promise<SendTransactionV2Result> {
  return runCommand(sendTransactionV2Definition, () => buildSendTransactionV2Payload(input), options, 2)
}

/**
 * Every error {@link sendTransaction} can reject with, wagmi style: switch on `name` to narrow.
 * `ErrorType`: the native message handler threw while taking the message.
 */
export type SendTransactionErrorType =
  | import('../errors/CommandUnavailableError.js').CommandUnavailableErrorType
  | import('../errors/InvalidPayloadError.js').InvalidPayloadErrorType
  | import('../errors/HostUnavailableError.js').HostUnavailableErrorType
  | import('../errors/CommandTimeoutError.js').CommandTimeoutErrorType
  | import('../errors/CommandAbortedError.js').CommandAbortedErrorType
  | import('../errors/MalformedReplyError.js').MalformedReplyErrorType
  | import('../errors/BaseError.js').ErrorType
