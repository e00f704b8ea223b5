/** The public World ID bridge the wallet talks to unless a session names another. */
export const DEFAULT_BRIDGE_URL = 'https://bridge.worldcoin.org'

/** World's verify page; the connector URI (deep link / QR payload) points here. */
export const DEFAULT_CONNECT_BASE_URL = 'https://world.org/verify'

/** How long the bridge keeps a request (its `EXPIRE_AFTER_SECONDS`, 300 s), in ms. */
export const BRIDGE_EXPIRY_MS = 300_000

/** Base delay between two polls of the bridge, in ms (the official widget's interval). */
export const DEFAULT_POLL_INTERVAL = 3_000

/** Where a human-verification session is (spec §4). String values match IDKit's `VerificationState`. */
export const VerificationState = {
  PreparingClient: 'loading_widget',
  WaitingForConnection: 'awaiting_connection',
  WaitingForApp: 'awaiting_app',
  Confirmed: 'confirmed',
  Failed: 'failed',
} as const
export type VerificationState = (typeof VerificationState)[keyof typeof VerificationState]

/**
 * Why a verification failed (spec §8). The wallet sends most of them;
 * `connection_failed`, `unexpected_response` and `generic_error` are also
 * set by the session itself, `failed_by_host_app` only by the host app.
 */
export const AppErrorCodes = {
  ConnectionFailed: 'connection_failed',
  VerificationRejected: 'verification_rejected',
  MaxVerificationsReached: 'max_verifications_reached',
  CredentialUnavailable: 'credential_unavailable',
  MalformedRequest: 'malformed_request',
  InvalidNetwork: 'invalid_network',
  InclusionProofFailed: 'inclusion_proof_failed',
  InclusionProofPending: 'inclusion_proof_pending',
  UnexpectedResponse: 'unexpected_response',
  FailedByHostApp: 'failed_by_host_app',
  GenericError: 'generic_error',
} as const
export type AppErrorCodes = (typeof AppErrorCodes)[keyof typeof AppErrorCodes]

/** Wire type: the request status the bridge reports on `GET /response/:id`. */
export const BridgeResponseStatus = {
  Initialized: 'initialized',
  Retrieved: 'retrieved',
  Completed: 'completed',
} as const
export type BridgeResponseStatus = (typeof BridgeResponseStatus)[keyof typeof BridgeResponseStatus]
