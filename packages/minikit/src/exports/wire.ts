// @worldmap/minikit/wire: the host side of the wire protocol — the protocol
// table, what World App accepts and answers per command and version, and the
// World App releases that changed it. For host simulators, fake hosts,
// servers and conformance tests.
export {
  COMMAND_EVENTS,
  COMMAND_METHODS,
  type CommandEvent,
  type CommandHostVersions,
  type CommandMethod,
  HOST_EVENTS,
  PROTOCOL,
  type ProtocolEntry,
} from '../protocol/protocol.js'
export {
  contractProblems,
  HOST_COMMAND_VERSIONS,
  hostContract,
  hostErrorReply,
  hostMessageContract,
  hostPayloadContract,
  hostReplyContract,
  type JsonRules,
  jsonProblem,
  replyProblems,
  siweProblems,
  WIRE_COMMANDS,
  type WireCommand,
} from '../wire/hostContract.js'
export {
  HOST_COMMANDS,
  HOST_EXTRA_VERSIONS,
  HOST_ONLY_PROTOCOL,
  HOST_REPLY_EVENTS,
  HOST_VERSION_SINCE,
  HOST_VERSIONS,
  type HostCommand,
  type HostOnlyEntry,
  type HostReplyEvent,
  type SupportedCommand,
  supportedCommandsOf,
  WORLD_APP_RELEASES,
} from '../wire/hostProtocol.js'
