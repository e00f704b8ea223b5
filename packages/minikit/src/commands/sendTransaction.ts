import * as z from 'zod/mini'
import { replySchema } from '../schemas/replySchema.js'
import type { CommandDefinition } from '../support/CommandDefinition.js'
import { fail, parseInput, safeString } from '../support/parseInput.js'
import { runCommand } from '../support/runCommand.js'
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

/** Wire type: the send-transaction payload. */
export interface SendTransactionPayload {
  transaction: Array<{ address: string; abi: unknown[]; functionName: string; value?: string; args: unknown[] }>
  permit2?: unknown[]
  formatPayload: boolean
}

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
export type SendTransactionResult = z.infer<typeof sendTransactionReply>

/** @internal */
export const sendTransactionDefinition: CommandDefinition<SendTransactionResult> = {
  command: 'send-transaction',
  event: 'miniapp-send-transaction',
  method: 'sendTransaction',
  reply: sendTransactionReply,
}

/** Numbers and bigints become decimal strings, everywhere (the host's JSON has no bigint). */
function stringifyNumbers(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  if (Array.isArray(value)) return value.map(stringifyNumbers)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, stringifyNumbers(inner)]))
  }
  return value
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

/** Positional all the way down: arrays and scalars, no objects (formatting is what turns structs into tuples). */
function isPositional(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(isPositional)
  return value === null || typeof value !== 'object'
}

function containsBigInt(value: unknown): boolean {
  if (typeof value === 'bigint') return true
  if (value !== null && typeof value === 'object') return Object.values(value).some(containsBigInt)
  return false
}

/**
 * Validate and format a transaction batch: the native `value` must be hex;
 * numbers and bigints become strings and struct args become ABI-ordered
 * tuples unless `formatPayload: false`, which sends the payload untouched and
 * so needs it already positional and bigint-free. The caller's object is not
 * mutated.
 *
 * @example
 * ```ts
 * buildSendTransactionPayload({ transaction: [{ address, abi, functionName: 'mint', args: [1n] }] })
 * // → { transaction: [{ …, args: ['1'] }], formatPayload: true }
 * ```
 */
export function buildSendTransactionPayload(input: SendTransactionInput): SendTransactionPayload {
  const valid = parseInput(transactionInput, input, 'send-transaction')
  const formatPayload = valid.formatPayload !== false
  for (const transaction of valid.transaction) {
    // Strings only: String() would let ['0x1'] through, unchanged when formatPayload is false.
    const { value } = transaction
    if (value !== undefined && (typeof value !== 'string' || !HEX_VALUE.test(value))) {
      console.error(VALUE_ERROR, value)
      fail(VALUE_ERROR, 'send-transaction', `Received: ${safeString(value)}`)
    }
  }
  if (!formatPayload) {
    if (containsBigInt(valid)) {
      fail('Payload contains bigint values; turn formatPayload on or pass strings', 'send-transaction')
    }
    if (!valid.transaction.every((tx) => Array.isArray(tx.args) && isPositional(tx.args))) {
      fail("'args' must be positional arrays when formatPayload is false", 'send-transaction')
    }
    return { ...valid, formatPayload } as SendTransactionPayload
  }
  const transaction = valid.transaction.map((tx) => ({
    ...(stringifyNumbers(tx) as SendTransactionPayload['transaction'][number]),
    ...(tx.value === undefined ? {} : { value: String(tx.value) }),
    args: stringifyNumbers(orderArgs(tx.args, tx.abi, tx.functionName)) as unknown[],
  }))
  return {
    transaction,
    ...(valid.permit2 ? { permit2: stringifyNumbers(valid.permit2) as unknown[] } : {}),
    formatPayload,
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
