// minikit's binding of the shared fake World App (@worldmap/test-utils): it
// speaks the protocol table from the sources, and `resetAll` also resets the
// SDK's module state, which only this package's tests can reach.
import {
  createFakeHost as createSharedFakeHost,
  type FakeHost,
  type FakeHostOptions,
  type HostProtocol,
  removeFakeHosts,
  supportedCommands,
} from '@worldmap/test-utils/fakeHost'
import { resetEvents } from '../src/events/dispatcher.js'
import { resetMicrophone } from '../src/microphone/setupMicrophone.js'
import { COMMAND_EVENTS, COMMAND_HOST_VERSIONS, COMMAND_VERSIONS } from '../src/protocol/protocol.js'
import { resetState } from '../src/state.js'

export type { FakeHost, FakeHostOptions, Responder } from '@worldmap/test-utils/fakeHost'
export { sendTransactionReply } from '@worldmap/test-utils/fakeHost'

// World App lists every version it speaks (send-transaction 1 and 2), not only those the 1.x calls send.
const protocol: HostProtocol = { versions: COMMAND_VERSIONS, events: COMMAND_EVENTS, hostVersions: COMMAND_HOST_VERSIONS }

/** The reply event of each wire command (`null`: World App answers nothing). */
export const EVENT_OF: Readonly<Record<string, string | null>> = COMMAND_EVENTS

/** `supported_commands` listing every command at the versions World App speaks. */
export const allCommands = () => supportedCommands(protocol)

/** Reset SDK state, cancel scheduled fake-host replies and remove every host global. */
export function resetAll(): void {
  removeFakeHosts()
  resetEvents()
  resetState()
  resetMicrophone()
}

/** Install a fake World App speaking the SDK's protocol; `uninstall` is {@link resetAll}. */
export function createFakeHost(options: FakeHostOptions = {}): FakeHost {
  const host = createSharedFakeHost(protocol, options)
  host.uninstall = resetAll
  return host
}
