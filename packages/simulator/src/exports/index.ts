// @worldmap/simulator: a World App host that runs in any page.

export { bootSimulator } from '../browser/bootSimulator.js'
export {
  type BootedHost,
  type BrowserSimulator,
  type BrowserSimulatorConfig,
  startSimulator,
} from '../browser/startSimulator.js'
export {
  DEFAULT_POSITION,
  distanceInMeters,
  type GeolocationOptions,
  type LatLng,
  type SimulatedGeolocation,
  simulateGeolocation,
} from '../geolocation/simulateGeolocation.js'
export type { SimulatedContact } from '../host/commandAnswers.js'
export {
  type CommandBehaviour,
  type ConsentRequest,
  createSimulator,
  type ReceivedMessage,
  type SentReply,
  type Simulator,
  type SimulatorOptions,
} from '../host/createSimulator.js'
export { type HostSurfaceOptions, installHostSurface } from '../host/hostSurface.js'
export { MALFORMED_CODE, NEEDS_CONSENT, REJECT_CODE, REPLY_EVENT } from '../host/replies.js'
export { createConsentDrawer } from '../ui/createConsentDrawer.js'
export {
  createSimulatorWallet,
  DEV_WALLET_PRIVATE_KEY,
  type SimulatorWallet,
  type WireTypedData,
} from '../wallet/createSimulatorWallet.js'
export {
  type BridgeWalletOptions,
  createBridgeWallet,
  type WalletRequest,
} from '../worldId/createBridgeWallet.js'
export {
  createSimulatedIdentity,
  type SimulatedIdentity,
  type SimulatedIdentityOptions,
  type SimulatedProof,
} from '../worldId/createSimulatedIdentity.js'
