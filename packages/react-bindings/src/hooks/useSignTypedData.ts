import { type CommandOptions, type SignTypedDataInput, type SignTypedDataResult, signTypedData } from '@worldmap/minikit'
import { type UseCommandReturnType, useCommand } from './useCommand.js'

/** Return type of {@link useSignTypedData}: the command state plus `signTypedData` (alias `execute`). */
export type UseSignTypedDataReturnType = UseCommandReturnType<
  'signTypedData',
  [input: SignTypedDataInput, options?: CommandOptions],
  SignTypedDataResult
>

/**
 * Ask the wallet for an EIP-712 signature; `chainId` defaults to 480 (World Chain).
 *
 * `signTypedData(…)` resolves with the host's final payload, which may be an
 * error reply (`data.status === 'error'`), and rejects with the SDK's typed
 * errors (`InvalidPayloadError`, `CommandUnavailableError`,
 * `CommandTimeoutError`…), also stored in `error`. Works with or without a
 * `MiniKitProvider`, as long as MiniKit is installed.
 *
 * @example
 * ```tsx
 * function SignOrder({ order }: { order: Record<string, unknown> }) {
 *   const { signTypedData, isPending } = useSignTypedData()
 *   const sign = () => signTypedData({ types: { Order: [{ name: 'id', type: 'uint256' }] }, primaryType: 'Order', message: order })
 *   return <button type="button" disabled={isPending} onClick={sign}>Sign order</button>
 * }
 * ```
 */
export function useSignTypedData(): UseSignTypedDataReturnType {
  return useCommand(signTypedData, 'signTypedData')
}
