import { type SendTransactionV2Input, sendTransactionV2, WORLD_CHAIN_ONLY } from '../commands/sendTransaction.js'
import { SendTransactionError } from '../errors/commands/SendTransactionError.js'
import { WORLD_CHAIN_ID } from '../protocol/chain.js'
import type { WorldAppWire } from '../types.js'
import type { CommandResultByVia, FallbackConfig } from './CommandResult.js'
import { type CommandContextOrOptions, readCommandContext, sendWithContext } from './commandContext.js'
import { getFallbackAdapter } from './fallbackAdapter.js'
import { runV2Command, unavailable2x } from './runV2Command.js'

/** Options of the 2.x {@link sendTransaction}: calls as calldata on World Chain, plus `fallback`. */
export interface SendTransactionOptions<TFallback = SendTransactionData>
  extends SendTransactionV2Input,
    FallbackConfig<TFallback> {}

/** What the 2.x {@link sendTransaction} resolves with (the official `SendTransactionResult`). */
export interface SendTransactionData {
  /** The user operation hash (the transaction hash through a web wallet). */
  userOpHash: string
  status: 'success'
  version: number
  /** The sending wallet ('' through a web wallet, as the official). */
  from: string
  timestamp: string
}

const V2 = 2

/**
 * Whether World App speaks send-transaction 2. A World App that lists the
 * command only at version 1 would not understand the calldata batch.
 */
function hostSpeaksV2(): boolean {
  const listed = (window as { WorldApp?: Partial<WorldAppWire> }).WorldApp?.supported_commands?.find(
    (command) => command.name === 'send-transaction',
  )
  return !listed || listed.supported_versions.includes(V2)
}

/**
 * Send one or more calls on World Chain, the official 2.x way: inside World
 * App as one batch (send-transaction version 2: `{ transactions: [{ to,
 * data?, value? }], chainId }`, World App sponsors the gas); outside it
 * through the registered web fallback, else the caller's `fallback`.
 *
 * Rejects with {@link SendTransactionError} on an error reply, and before
 * anything runs when the batch is empty (`input_error`) or `chainId` is not
 * 480 (`invalid_operation`); with `InvalidPayloadError` when a call is
 * malformed (a `to` that is not a 20-byte address, non-hex `data`/`value`).
 *
 * @example
 * ```ts
 * const { data } = await MiniKit.sendTransaction({
 *   chainId: 480,
 *   transactions: [{ to: '0x2cFc85d8E48F8EAB294be644d9E25C3030863003', data: '0xa9059cbb…' }],
 * })
 * console.log(data.userOpHash)
 * ```
 */
export async function sendTransaction<TFallback = SendTransactionData>(
  options: SendTransactionOptions<TFallback>,
  ctx?: CommandContextOrOptions,
): Promise<CommandResultByVia<SendTransactionData, TFallback>> {
  const { fallback, transactions, chainId } = options
  // Checked before any path, as the official does: no path could run these.
  if (chainId !== WORLD_CHAIN_ID) throw new SendTransactionError('invalid_operation', { reason: WORLD_CHAIN_ONLY })
  if (Array.isArray(transactions) && transactions.length === 0) {
    throw new SendTransactionError('input_error', {
      reason: 'At least one transaction is required. Use `transactions: [{ to, data, value }]`.',
    })
  }
  const adapter = getFallbackAdapter()
  const web = adapter?.sendTransaction?.bind(adapter)
  return runV2Command<SendTransactionData, TFallback>({
    command: 'send-transaction',
    native: async () => {
      if (!hostSpeaksV2()) throw unavailable2x('sendTransaction', 'oldAppVersion')
      const context = readCommandContext(ctx, 'send-transaction')
      const reply = await sendWithContext(context, 'send-transaction', () =>
        sendTransactionV2({ transactions, chainId }, context.options),
      )
      if (reply.status === 'error') {
        const details = reply.details
        throw new SendTransactionError(
          reply.error_code,
          details !== null && typeof details === 'object' ? (details as Record<string, unknown>) : undefined,
        )
      }
      return {
        userOpHash: reply.userOpHash,
        status: 'success',
        version: reply.version,
        from: reply.from ?? '',
        timestamp: reply.timestamp ?? new Date().toISOString(),
      }
    },
    web:
      web &&
      (async () => {
        const { transactionHash } = await web({ transactions, chainId })
        return { userOpHash: transactionHash, status: 'success', version: V2, from: '', timestamp: new Date().toISOString() }
      }),
    fallback,
  })
}
