import { type CommandOptions, type ShareInput, type ShareResult, share } from '@worldmap/minikit'
import { type UseCommandReturnType, useCommand } from './useCommand.js'

/** Return type of {@link useShare}: the command state plus `share` (alias `execute`). */
export type UseShareReturnType = UseCommandReturnType<'share', [input: ShareInput, options?: CommandOptions], ShareResult>

/**
 * Open the system share sheet with text, a URL and/or files (at most 10 files, 50 MB).
 *
 * `share(…)` resolves with the host's final payload, which may be an
 * error reply (`data.status === 'error'`), and rejects with the SDK's typed
 * errors (`InvalidPayloadError`, `CommandUnavailableError`,
 * `CommandTimeoutError`…), also stored in `error`. Works with or without a
 * `MiniKitProvider`, as long as MiniKit is installed.
 *
 * @example
 * ```tsx
 * function ShareItem({ card }: { card: File }) {
 *   const { share, isPending } = useShare()
 *   return (
 *     <button type="button" disabled={isPending} onClick={() => share({ files: [card], text: 'Look what I found on WorldMap' })}>
 *       Share
 *     </button>
 *   )
 * }
 * ```
 */
export function useShare(): UseShareReturnType {
  return useCommand(share, 'share')
}
