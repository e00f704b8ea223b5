import { type CommandOptions, type VerifyInput, type VerifyResult, verify } from '@worldmap/minikit'
import { type UseCommandReturnType, useCommand } from './useCommand.js'

/** Return type of {@link useVerify}: the command state plus `verify` (alias `execute`). */
export type UseVerifyReturnType = UseCommandReturnType<'verify', [input: VerifyInput, options?: CommandOptions], VerifyResult>

/**
 * Ask World App for a World ID proof for `action` (level orb by default).
 *
 * `verify(…)` resolves with the host's final payload, which may be an
 * error reply (`data.status === 'error'`), and rejects with the SDK's typed
 * errors (`InvalidPayloadError`, `CommandUnavailableError`,
 * `CommandTimeoutError`…), also stored in `error`. Works with or without a
 * `MiniKitProvider`, as long as MiniKit is installed.
 *
 * @example
 * ```tsx
 * function VerifyButton() {
 *   const { verify, data } = useVerify()
 *   if (data?.status === 'success') return <p>Verified at level {data.verification_level}</p>
 *   return <button type="button" onClick={() => verify({ action: 'collect-drop' })}>Verify you're human</button>
 * }
 * ```
 */
export function useVerify(): UseVerifyReturnType {
  return useCommand(verify, 'verify')
}
