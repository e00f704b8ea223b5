import * as z from 'zod/mini'
import { decimalStrings } from '../commandPipeline/decimalStrings.js'
import { fail, parseInput } from '../commandPipeline/parseInput.js'
import { runCommand } from '../commandPipeline/runCommand.js'
import type { CommandDefinition } from '../protocol/CommandDefinition.js'
import { WORLD_CHAIN_ID } from '../protocol/chain.js'
import { type ReplyOf, replySchema } from '../schemas/replySchema.js'
import type { CommandOptions } from '../types.js'

const typedDataInput = z.object({
  types: z.record(
    z.string(),
    z.array(z.object({ name: z.string(), type: z.string() })),
    "'types' must map type names to field lists",
  ),
  primaryType: z.string("'primaryType' must be a string"),
  message: z.record(z.string(), z.unknown(), "'message' must be an object"),
  domain: z.optional(z.record(z.string(), z.unknown(), "'domain' must be an object")),
  chainId: z.optional(z.number().check(z.int(), z.positive("'chainId' must be a positive integer"))),
})

/** Input of {@link signTypedData} (EIP-712). `chainId` defaults to 480. */
export type SignTypedDataInput = z.input<typeof typedDataInput>

/** Wire type: the sign-typed-data payload. */
export type SignTypedDataPayload = Omit<SignTypedDataInput, 'chainId'> & { chainId: number }

const signTypedDataReply = replySchema({ signature: z.string(), address: z.string(), version: z.number() })

/** The host's final sign-typed-data payload. */
export type SignTypedDataResult = ReplyOf<typeof signTypedDataReply>

/** @internal */
export const signTypedDataDefinition: CommandDefinition<SignTypedDataResult> = {
  command: 'sign-typed-data',
  event: 'miniapp-sign-typed-data',
  method: 'signTypedData',
  reply: signTypedDataReply,
}

/**
 * Validate typed data and default the chain to World Chain, without
 * mutating the caller's object.
 *
 * @example
 * ```ts
 * buildSignTypedDataPayload({ types, primaryType: 'Mail', message }).chainId // 480
 * ```
 */
export function buildSignTypedDataPayload(input: SignTypedDataInput): SignTypedDataPayload {
  const valid = parseInput(typedDataInput, input, 'sign-typed-data')
  // Own keys only: 'toString' or 'constructor' are no declared types.
  if (!Object.hasOwn(valid.types, valid.primaryType)) {
    fail(`'primaryType' ${valid.primaryType} is not defined in 'types'`, 'sign-typed-data')
  }
  return {
    ...valid,
    message: decimalStrings(valid.message, 'bigints') as SignTypedDataPayload['message'],
    ...(valid.domain === undefined ? {} : { domain: decimalStrings(valid.domain, 'bigints') as SignTypedDataPayload['domain'] }),
    chainId: valid.chainId || WORLD_CHAIN_ID,
  }
}

/**
 * Ask the wallet for an EIP-712 typed-data signature.
 *
 * @example
 * ```ts
 * const result = await signTypedData({
 *   types: { Drop: [{ name: 'id', type: 'string' }] },
 *   primaryType: 'Drop',
 *   message: { id: 'drop-1' },
 * })
 * ```
 */
export function signTypedData(input: SignTypedDataInput, options?: CommandOptions): Promise<SignTypedDataResult> {
  return runCommand(signTypedDataDefinition, () => buildSignTypedDataPayload(input), options)
}

/**
 * Every error {@link signTypedData} can reject with, wagmi style: switch on `name` to narrow.
 * `ErrorType`: the native message handler threw while taking the message.
 */
export type SignTypedDataErrorType =
  | import('../errors/CommandUnavailableError.js').CommandUnavailableErrorType
  | import('../errors/InvalidPayloadError.js').InvalidPayloadErrorType
  | import('../errors/HostUnavailableError.js').HostUnavailableErrorType
  | import('../errors/CommandTimeoutError.js').CommandTimeoutErrorType
  | import('../errors/CommandAbortedError.js').CommandAbortedErrorType
  | import('../errors/MalformedReplyError.js').MalformedReplyErrorType
  | import('../errors/BaseError.js').ErrorType
