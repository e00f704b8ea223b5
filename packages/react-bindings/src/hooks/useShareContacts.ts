import { type CommandOptions, type ShareContactsInput, type ShareContactsResult, shareContacts } from '@worldmap/minikit'
import { type UseCommandReturnType, useCommand } from './useCommand.js'

/** Return type of {@link useShareContacts}: the command state plus `shareContacts` (alias `execute`). */
export type UseShareContactsReturnType = UseCommandReturnType<
  'shareContacts',
  [input: ShareContactsInput, options?: CommandOptions],
  ShareContactsResult
>

/**
 * Ask the user to pick contacts from World App.
 *
 * `shareContacts(…)` resolves with the host's final payload, which may be an
 * error reply (`data.status === 'error'`), and rejects with the SDK's typed
 * errors (`InvalidPayloadError`, `CommandUnavailableError`,
 * `CommandTimeoutError`…), also stored in `error`. Works with or without a
 * `MiniKitProvider`, as long as MiniKit is installed.
 *
 * @example
 * ```tsx
 * function Invite() {
 *   const { shareContacts, data } = useShareContacts()
 *   const contacts = data?.status === 'success' ? data.contacts : []
 *   return (
 *     <>
 *       <button type="button" onClick={() => shareContacts({ isMultiSelectEnabled: true })}>Invite friends</button>
 *       <ul>{contacts.map((c) => <li key={c.walletAddress}>{c.username}</li>)}</ul>
 *     </>
 *   )
 * }
 * ```
 */
export function useShareContacts(): UseShareContactsReturnType {
  return useCommand(shareContacts, 'shareContacts')
}
