import {
  type CommandOptions,
  type RequestPermissionInput,
  type RequestPermissionResult,
  requestPermission,
} from '@worldmap/minikit'
import { type UseCommandReturnType, useCommand } from './useCommand.js'

/** Return type of {@link useRequestPermission}: the command state plus `requestPermission` (alias `execute`). */
export type UseRequestPermissionReturnType = UseCommandReturnType<
  'requestPermission',
  [input: RequestPermissionInput, options?: CommandOptions],
  RequestPermissionResult
>

/**
 * Ask the user for a host permission (notifications, contacts or microphone).
 *
 * `requestPermission(…)` resolves with the host's final payload, which may be an
 * error reply (`data.status === 'error'`), and rejects with the SDK's typed
 * errors (`InvalidPayloadError`, `CommandUnavailableError`,
 * `CommandTimeoutError`…), also stored in `error`. Works with or without a
 * `MiniKitProvider`, as long as MiniKit is installed.
 *
 * @example
 * ```tsx
 * function EnableNotifications() {
 *   const { requestPermission, data } = useRequestPermission()
 *   if (data?.status === 'success') return <p>Notifications on</p>
 *   return <button type="button" onClick={() => requestPermission({ permission: 'notifications' })}>Notify me</button>
 * }
 * ```
 */
export function useRequestPermission(): UseRequestPermissionReturnType {
  return useCommand(requestPermission, 'requestPermission')
}
