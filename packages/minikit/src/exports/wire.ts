// @worldmap/minikit/wire: the host side of the wire protocol — the protocol
// table and what World App accepts per command. For host simulators, fake
// hosts, servers and conformance tests.
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
  hostMessageContract,
  type JsonRules,
  jsonProblem,
  siweProblems,
  WIRE_COMMANDS,
  type WireCommand,
} from '../wire/hostContract.js'
