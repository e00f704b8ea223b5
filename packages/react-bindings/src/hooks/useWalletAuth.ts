import { type CommandOptions, type WalletAuthInput, type WalletAuthResult, walletAuth } from '@worldmap/minikit'
import { type UseCommandReturnType, useCommand } from './useCommand.js'

/** Return type of {@link useWalletAuth}: the command state plus `walletAuth` (alias `execute`). */
export type UseWalletAuthReturnType = UseCommandReturnType<
  'walletAuth',
  [input: WalletAuthInput, options?: CommandOptions],
  WalletAuthResult
>

/**
 * Sign in with World App: ask the wallet to sign a SIWE message. On success the SDK stores the wallet address on the user (then username and avatar), so `useUser()` updates too.
 *
 * `walletAuth(…)` resolves with the host's final payload, which may be an
 * error reply (`data.status === 'error'`), and rejects with the SDK's typed
 * errors (`InvalidPayloadError`, `CommandUnavailableError`,
 * `CommandTimeoutError`…), also stored in `error`. Works with or without a
 * `MiniKitProvider`, as long as MiniKit is installed.
 *
 * @example
 * ```tsx
 * function SignIn({ nonce }: { nonce: string }) {
 *   const { walletAuth, isPending } = useWalletAuth()
 *   const onClick = async () => {
 *     const result = await walletAuth({ nonce, statement: 'Sign in to WorldMap' })
 *     if (result.status === 'success') await fetch('/api/login', { method: 'POST', body: JSON.stringify(result) })
 *   }
 *   return <button type="button" disabled={isPending} onClick={onClick}>Sign in</button>
 * }
 * ```
 */
export function useWalletAuth(): UseWalletAuthReturnType {
  return useCommand(walletAuth, 'walletAuth')
}
