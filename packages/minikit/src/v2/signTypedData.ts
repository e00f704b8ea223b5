import {
  type SignTypedDataInput,
  type SignTypedDataResult,
  signTypedData as signTypedDataCommand,
} from '../commands/signTypedData.js'
import { SignTypedDataError } from '../errors/commands/SignTypedDataError.js'
import type { CommandResultByVia, FallbackConfig } from './CommandResult.js'
import { type CommandContextOrOptions, readCommandContext, sendWithContext } from './commandContext.js'
import { getFallbackAdapter } from './fallbackAdapter.js'
import { runV2Command } from './runV2Command.js'
import { textDetails } from './signMessage.js'

/** Options of the 2.x {@link signTypedData}: the 1.x input (`chainId` 480 unless given) plus `fallback`. */
export interface SignTypedDataOptions<TFallback = SignTypedDataData> extends SignTypedDataInput, FallbackConfig<TFallback> {}

/** What the 2.x {@link signTypedData} resolves with: World App's success reply (`signature`, `address`, …). */
export type SignTypedDataData = Extract<SignTypedDataResult, { status: 'success' }>

/**
 * Sign EIP-712 typed data with the user's wallet, the official 2.x way:
 * inside World App through the one sign-typed-data command path (which sends
 * `chainId`, 480 unless given); outside it through the registered web
 * fallback, else the caller's `fallback`. An error reply rejects with
 * {@link SignTypedDataError}.
 *
 * @example
 * ```ts
 * const { data } = await MiniKit.signTypedData({
 *   types: { Drop: [{ name: 'id', type: 'string' }] },
 *   primaryType: 'Drop',
 *   message: { id: 'drop-1' },
 * })
 * ```
 */
export async function signTypedData<TFallback = SignTypedDataData>(
  options: SignTypedDataOptions<TFallback>,
  ctx?: CommandContextOrOptions,
): Promise<CommandResultByVia<SignTypedDataData, TFallback>> {
  const { fallback, ...input } = options
  const adapter = getFallbackAdapter()
  const web = adapter?.signTypedData?.bind(adapter)
  return runV2Command<SignTypedDataData, TFallback>({
    command: 'sign-typed-data',
    native: async () => {
      const context = readCommandContext(ctx, 'sign-typed-data')
      const reply = await sendWithContext(context, 'sign-typed-data', () => signTypedDataCommand(input, context.options))
      if (reply.status === 'error') throw new SignTypedDataError(reply.error_code, textDetails(reply))
      return reply
    },
    web:
      web &&
      (() =>
        web({
          types: input.types,
          primaryType: input.primaryType,
          message: input.message,
          domain: input.domain,
          chainId: input.chainId,
        }) as Promise<SignTypedDataData>),
    fallback,
  })
}
