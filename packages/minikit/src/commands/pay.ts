import * as z from 'zod/mini'
import { fail, parseInput } from '../commandPipeline/parseInput.js'
import { runCommand } from '../commandPipeline/runCommand.js'
import type { CommandDefinition } from '../protocol/CommandDefinition.js'
import { PAY_TOKENS, type PayToken } from '../protocol/tokens.js'
import { type ReplyOf, replySchema } from '../schemas/replySchema.js'
import type { CommandOptions } from '../types.js'

// Every token World App pays in (official 2.x added seven to USDC and WLD).
const SYMBOLS = Object.values(PAY_TOKENS) as [PayToken, ...PayToken[]]

/** The smallest USDC payment, in base units ($0.1 with 6 decimals). */
const MIN_USDC_BASE_UNITS = 100_000n

const payInput = z.object({
  reference: z.string('Reference must be a string').check(z.maxLength(36, 'Reference must not exceed 36 characters')),
  to: z.string("'to' must be an address or a World App username").check(z.minLength(1, "'to' must not be empty")),
  tokens: z
    .array(
      z.object({
        symbol: z.enum(SYMBOLS, `'symbol' must be one of ${SYMBOLS.join(', ')}`),
        // Base units as a decimal integer string; use tokenToDecimals() to convert.
        token_amount: z
          .string("'token_amount' must be a base-unit string")
          .check(z.regex(/^\d+$/, "'token_amount' must be a whole number of base units (see tokenToDecimals)")),
      }),
      "'tokens' must be an array",
    )
    .check(z.minLength(1, "'tokens' must not be empty")),
  description: z.string("'description' must be a string"),
  network: z.optional(z.enum(['worldchain', 'optimism'])),
})

/** Input of {@link pay}. */
export type PayInput = z.input<typeof payInput>

/** Wire type: the pay payload (network is always World Chain). */
export type PayPayload = Omit<z.output<typeof payInput>, 'network'> & { network: 'worldchain' }

const payReply = replySchema({
  transaction_status: z.string(),
  transaction_id: z.string(),
  reference: z.string(),
  from: z.string(),
  chain: z.string(),
  timestamp: z.string(),
  version: z.number(),
})

/** The host's final payment payload. */
export type PayResult = ReplyOf<typeof payReply>

/** @internal */
export const payDefinition: CommandDefinition<PayResult> = {
  command: 'pay',
  event: 'miniapp-payment',
  method: 'pay',
  reply: payReply,
}

/**
 * Validate a payment. The USDC minimum is judged on the human amount
 * ($0.1), not on raw base units as in the official toolkit.
 *
 * @example
 * ```ts
 * buildPayPayload({ reference, to: '0x…', description: 'Tip', tokens: [{ symbol: 'USDCE', token_amount: tokenToDecimals(0.5, Tokens.USDC) }] })
 * ```
 */
export function buildPayPayload(input: PayInput): PayPayload {
  const valid = parseInput(payInput, input, 'pay')
  for (const token of valid.tokens) {
    if (token.symbol === 'USDCE' && BigInt(token.token_amount) < MIN_USDC_BASE_UNITS) {
      fail('USDC amount should be greater than $0.1', 'pay')
    }
  }
  return { ...valid, network: 'worldchain' }
}

/**
 * Ask the user to pay in WLD or USDC on World Chain.
 *
 * @example
 * ```ts
 * const result = await pay({
 *   reference: crypto.randomUUID(),
 *   to: '0x2cFc85d8E48F8EAB294be644d9E25C3030863003',
 *   tokens: [{ symbol: Tokens.WLD, token_amount: tokenToDecimals(1.5, Tokens.WLD) }],
 *   description: 'A golden map',
 * })
 * ```
 */
export function pay(input: PayInput, options?: CommandOptions): Promise<PayResult> {
  return runCommand(payDefinition, () => buildPayPayload(input), options)
}

/**
 * Every error {@link pay} can reject with, wagmi style: switch on `name` to narrow.
 * `ErrorType`: the native message handler threw while taking the message.
 */
export type PayErrorType =
  | import('../errors/CommandUnavailableError.js').CommandUnavailableErrorType
  | import('../errors/InvalidPayloadError.js').InvalidPayloadErrorType
  | import('../errors/HostUnavailableError.js').HostUnavailableErrorType
  | import('../errors/CommandTimeoutError.js').CommandTimeoutErrorType
  | import('../errors/CommandAbortedError.js').CommandAbortedErrorType
  | import('../errors/MalformedReplyError.js').MalformedReplyErrorType
  | import('../errors/BaseError.js').ErrorType
