import * as z from 'zod/mini'
import { replySchema } from '../schemas/replySchema.js'
import type { CommandDefinition } from '../support/CommandDefinition.js'
import { Command, ResponseEvent, WORLD_CHAIN_ID } from '../support/constants.js'
import { fail, parseInput } from '../support/parseInput.js'
import { runCommand } from '../support/runCommand.js'
import type { CommandOptions } from '../types.js'

const typedDataInput = z.object({
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() })), "'types' must map type names to field lists"),
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
export type SignTypedDataResult = z.infer<typeof signTypedDataReply>

/** @internal */
export const signTypedDataDefinition: CommandDefinition<SignTypedDataResult> = {
  command: Command.SignTypedData,
  event: ResponseEvent.MiniAppSignTypedData,
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
  const valid = parseInput(typedDataInput, input, Command.SignTypedData)
  if (!(valid.primaryType in valid.types)) {
    fail(`'primaryType' ${valid.primaryType} is not defined in 'types'`, Command.SignTypedData)
  }
  return { ...valid, chainId: valid.chainId || WORLD_CHAIN_ID }
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
