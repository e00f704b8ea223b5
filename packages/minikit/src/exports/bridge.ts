// World ID verification through the bridge (QR code / deep link), for pages
// that run outside World App. Kept off the root entry so apps that only use
// in-app commands never ship the session, its crypto or its schemas.
// Server-safe: importing this entry touches no window, document or crypto.
export { exportBridgeKey, generateBridgeKey, importBridgeKey } from '../bridge/bridgeKey.js'
export type { BridgeEnvelope } from '../bridge/bridgeSchemas.js'
export {
  type BridgeRequestInput,
  type BridgeRequestPayload,
  buildBridgeRequestPayload,
} from '../bridge/buildBridgeRequestPayload.js'
export { buildConnectorURI, type ConnectorURIInput } from '../bridge/buildConnectorURI.js'
export {
  AppErrorCodes,
  BRIDGE_EXPIRY_MS,
  BridgeResponseStatus,
  DEFAULT_BRIDGE_URL,
  DEFAULT_CONNECT_BASE_URL,
  DEFAULT_POLL_INTERVAL,
  VerificationState,
} from '../bridge/constants.js'
export {
  type BridgeSession,
  type BridgeSessionConfig,
  type BridgeSessionListener,
  type BridgeSessionStartOptions,
  type BridgeSessionState,
  createBridgeSession,
} from '../bridge/createBridgeSession.js'
export { decryptBridgePayload } from '../bridge/decryptBridgePayload.js'
export { encryptBridgePayload } from '../bridge/encryptBridgePayload.js'
export { type BridgeOutcome, type BridgeSuccessResult, parseBridgeResult } from '../bridge/parseBridgeResult.js'
export {
  BridgeUrlMessage,
  type BridgeUrlValidation,
  STAGING_LOCALHOST_MESSAGE,
  UNTRUSTED_BRIDGE_HOST_MESSAGE,
  validateBridgeUrl,
} from '../bridge/validateBridgeUrl.js'
export { BridgeDecryptionError } from '../errors/bridge/BridgeDecryptionError.js'
export { BridgeExpiredError } from '../errors/bridge/BridgeExpiredError.js'
export { type BridgeOperation, BridgeRequestError } from '../errors/bridge/BridgeRequestError.js'
export { BridgeResponseError } from '../errors/bridge/BridgeResponseError.js'
export { BridgeUrlError } from '../errors/bridge/BridgeUrlError.js'
export { CryptoUnavailableError } from '../errors/bridge/CryptoUnavailableError.js'
export { MissingKeypairError } from '../errors/bridge/MissingKeypairError.js'
export { UnsupportedPlatformError } from '../errors/bridge/UnsupportedPlatformError.js'
