// The React tests' binding of the shared fake World App (@worldmap/test-utils):
// it speaks the protocol table of the built SDK the bindings import, listing
// every version World App speaks (send-transaction 1 and 2).
import { COMMAND_VERSIONS } from '@worldmap/minikit'
import { COMMAND_EVENTS, HOST_COMMAND_VERSIONS } from '@worldmap/minikit/wire'
import { createFakeHost as createSharedFakeHost, type FakeHost, type FakeHostOptions } from '@worldmap/test-utils/fakeHost'

export type { FakeHost, FakeHostOptions, HostMessage, Responder } from '@worldmap/test-utils/fakeHost'
export { sendTransactionReply } from '@worldmap/test-utils/fakeHost'

/** The reply event of each wire command (`null`: World App answers nothing, as for close-miniapp). */
export const EVENT_OF: Readonly<Record<string, string | null>> = COMMAND_EVENTS

/** Install a fake World App on `window`, speaking the SDK's protocol. */
export const createFakeHost = (options: FakeHostOptions = {}): FakeHost =>
  createSharedFakeHost({ versions: COMMAND_VERSIONS, events: COMMAND_EVENTS, hostVersions: HOST_COMMAND_VERSIONS }, options)
