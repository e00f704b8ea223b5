import {
  type ShareContactsInput,
  type ShareContactsResult,
  shareContacts as shareContactsCommand,
} from '../commands/shareContacts.js'
import { ShareContactsError } from '../errors/commands/ShareContactsError.js'
import { replyCommand, type V2CommandOptionalInput } from './replyCommand.js'

type Success = Extract<ShareContactsResult, { status: 'success' }>

/** What the 2.x `shareContacts` resolves with inside World App (the official 2.x `ShareContactsResult`). */
export interface ShareContactsData {
  /** The contacts the person picked. */
  contacts: Success['contacts']
  timestamp: Success['timestamp']
}

/** Input of the 2.x {@link shareContacts}: single selection unless `isMultiSelectEnabled`. */
export type ShareContactsOptionsInput = Partial<ShareContactsInput>

const command = /* @__PURE__ */ replyCommand({
  command: 'share-contacts',
  // The official 2.x call may omit the flag: single selection.
  run: (input: ShareContactsOptionsInput, { options }) =>
    shareContactsCommand({ ...input, isMultiSelectEnabled: input.isMultiSelectEnabled ?? false }, options),
  error: ShareContactsError,
  data: (reply): ShareContactsData => ({ contacts: reply.contacts, timestamp: reply.timestamp }),
})

/**
 * Open World App's contact picker, the 2.x way: resolves with
 * `{ executedWith, data: { contacts, timestamp } }`. Outside World App it
 * runs your `fallback`, or rejects with `CommandUnavailableError`; an error
 * reply rejects with {@link ShareContactsError}.
 *
 * @example
 * ```ts
 * const { data } = await shareContacts({ isMultiSelectEnabled: true })
 * const friends = data.contacts.map((contact) => contact.username)
 * ```
 */
// The input may be left out: `replyCommand` reads a missing one as `{}`.
export const shareContacts = command as V2CommandOptionalInput<ShareContactsOptionsInput, ShareContactsData>

/** The official 2.x alias of {@link shareContacts}. @example const { data } = await getContacts() */
export const getContacts = shareContacts
