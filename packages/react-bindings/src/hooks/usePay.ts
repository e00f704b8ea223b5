import { type CommandOptions, type PayInput, type PayResult, pay } from '@worldmap/minikit'
import { type UseCommandReturnType, useCommand } from './useCommand.js'

/** Return type of {@link usePay}: the command state plus `pay` (alias `execute`). */
export type UsePayReturnType = UseCommandReturnType<'pay', [input: PayInput, options?: CommandOptions], PayResult>

/**
 * Ask the wallet to pay WLD or USDC (amounts in base units, see `tokenToDecimals`).
 *
 * `pay(…)` resolves with the host's final payload, which may be an
 * error reply (`data.status === 'error'`), and rejects with the SDK's typed
 * errors (`InvalidPayloadError`, `CommandUnavailableError`,
 * `CommandTimeoutError`…), also stored in `error`. Works with or without a
 * `MiniKitProvider`, as long as MiniKit is installed.
 *
 * @example
 * ```tsx
 * function Tip({ reference }: { reference: string }) {
 *   const { pay, data } = usePay()
 *   const tip = () =>
 *     pay({ reference, to: '0x1234…', description: 'Tip', tokens: [{ symbol: 'WLD', token_amount: tokenToDecimals(1, Tokens.WLD) }] })
 *   return <button type="button" onClick={tip}>{data?.status === 'success' ? 'Thanks!' : 'Tip 1 WLD'}</button>
 * }
 * ```
 */
export function usePay(): UsePayReturnType {
  return useCommand(pay, 'pay')
}
