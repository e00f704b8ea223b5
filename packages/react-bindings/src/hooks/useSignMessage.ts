import { type CommandOptions, type SignMessageInput, type SignMessageResult, signMessage } from '@worldmap/minikit'
import { type UseCommandReturnType, useCommand } from './useCommand.js'

/** Return type of {@link useSignMessage}: the command state plus `signMessage` (alias `execute`). */
export type UseSignMessageReturnType = UseCommandReturnType<
  'signMessage',
  [input: SignMessageInput, options?: CommandOptions],
  SignMessageResult
>

/**
 * Ask the wallet for an EIP-191 personal signature.
 *
 * `signMessage(…)` resolves with the host's final payload, which may be an
 * error reply (`data.status === 'error'`), and rejects with the SDK's typed
 * errors (`InvalidPayloadError`, `CommandUnavailableError`,
 * `CommandTimeoutError`…), also stored in `error`. Works with or without a
 * `MiniKitProvider`, as long as MiniKit is installed.
 *
 * @example
 * ```tsx
 * function SignNote() {
 *   const { signMessage, data } = useSignMessage()
 *   return (
 *     <button type="button" onClick={() => signMessage({ message: 'I found a golden drop' })}>
 *       {data?.status === 'success' ? data.signature.slice(0, 10) : 'Sign'}
 *     </button>
 *   )
 * }
 * ```
 */
export function useSignMessage(): UseSignMessageReturnType {
  return useCommand(signMessage, 'signMessage')
}
