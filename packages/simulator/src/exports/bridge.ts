// @worldmap/simulator/bridge (Node): a local World ID bridge for dev and tests.
export { type LocalBridge, type LocalBridgeCall, type LocalBridgeOptions, startLocalBridge } from '../node/startLocalBridge.js'
