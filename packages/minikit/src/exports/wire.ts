// @worldmap/minikit/wire: the host side of the wire protocol — what World App
// accepts per command. For host simulators, servers and conformance tests.
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
