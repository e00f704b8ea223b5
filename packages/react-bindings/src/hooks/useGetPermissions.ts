import { type CommandOptions, type GetPermissionsResult, getPermissions } from '@worldmap/minikit'
import { type UseCommandReturnType, useCommand } from './useCommand.js'

/** Return type of {@link useGetPermissions}: the command state plus `getPermissions` (alias `execute`). */
export type UseGetPermissionsReturnType = UseCommandReturnType<'getPermissions', [options?: CommandOptions], GetPermissionsResult>

/**
 * Read which host permissions the user granted (the command takes only options).
 *
 * `getPermissions(…)` resolves with the host's final payload, which may be an
 * error reply (`data.status === 'error'`), and rejects with the SDK's typed
 * errors (`InvalidPayloadError`, `CommandUnavailableError`,
 * `CommandTimeoutError`…), also stored in `error`. Works with or without a
 * `MiniKitProvider`, as long as MiniKit is installed.
 *
 * @example
 * ```tsx
 * function Permissions() {
 *   const { getPermissions, data } = useGetPermissions()
 *   useEffect(() => {
 *     getPermissions().catch(console.error)
 *   }, [getPermissions])
 *   return <p>Contacts: {data?.status === 'success' && data.permissions.contacts ? 'on' : 'off'}</p>
 * }
 * ```
 */
export function useGetPermissions(): UseGetPermissionsReturnType {
  return useCommand(getPermissions, 'getPermissions')
}
