import { type CommandOptions, type SendTransactionInput, type SendTransactionResult, sendTransaction } from '@worldmap/minikit'
import { type UseCommandReturnType, useCommand } from './useCommand.js'

/** Return type of {@link useSendTransaction}: the command state plus `sendTransaction` (alias `execute`). */
export type UseSendTransactionReturnType = UseCommandReturnType<
  'sendTransaction',
  [input: SendTransactionInput, options?: CommandOptions],
  SendTransactionResult
>

/**
 * Ask the wallet to send contract calls (and optional Permit2 transfers) on World Chain. The reply carries a MiniKit `transaction_id`; pass it to `useWaitForTransactionReceipt`.
 *
 * `sendTransaction(…)` resolves with the host's final payload, which may be an
 * error reply (`data.status === 'error'`), and rejects with the SDK's typed
 * errors (`InvalidPayloadError`, `CommandUnavailableError`,
 * `CommandTimeoutError`…), also stored in `error`. Works with or without a
 * `MiniKitProvider`, as long as MiniKit is installed.
 *
 * @example
 * ```tsx
 * function Mint() {
 *   const { sendTransaction, data } = useSendTransaction()
 *   const receipt = useWaitForTransactionReceipt({
 *     appId: 'app_123',
 *     transactionId: data?.status === 'success' ? data.transaction_id : undefined,
 *   })
 *   const mint = () => sendTransaction({ transaction: [{ address: NFT, abi, functionName: 'mint', args: [] }] })
 *   return <button type="button" disabled={receipt.isLoading} onClick={mint}>Mint</button>
 * }
 * ```
 */
export function useSendTransaction(): UseSendTransactionReturnType {
  return useCommand(sendTransaction, 'sendTransaction')
}
