import { type PayInput, type PayResult, pay as payCommand } from '../commands/pay.js'
import { PayError } from '../errors/commands/PayError.js'
import { replyCommand } from './replyCommand.js'

/** What the 2.x `pay` resolves with inside World App (the official 2.x `PayResult`). */
export interface PayData {
  /** World App's id of the payment (look it up in the Developer Portal). */
  transactionId: string
  /** The `reference` the payment was made with. */
  reference: string
  /** The payer's wallet address. */
  from: string
  /** The chain the payment went to (`worldchain`). */
  chain: string
  timestamp: string
}

/**
 * Ask the person to pay in WLD or USDC, the 2.x way: resolves with
 * `{ executedWith, data }`. Outside World App it runs your `fallback`
 * (a web checkout), or rejects with `CommandUnavailableError`; an error
 * reply rejects with {@link PayError}.
 *
 * @example
 * ```ts
 * const { data } = await pay({
 *   reference: crypto.randomUUID(),
 *   to: '0x2cFc85d8E48F8EAB294be644d9E25C3030863003',
 *   tokens: [{ symbol: Tokens.WLD, token_amount: tokenToDecimals(1, Tokens.WLD).toString() }],
 *   description: 'A golden map',
 * })
 * ```
 */
export const pay = /* @__PURE__ */ replyCommand({
  command: 'pay',
  run: (input: PayInput, { options }) => payCommand(input, options),
  error: PayError,
  data: (reply: Extract<PayResult, { status: 'success' }>): PayData => ({
    transactionId: reply.transaction_id,
    reference: reply.reference,
    from: reply.from,
    chain: reply.chain,
    timestamp: reply.timestamp,
  }),
})
