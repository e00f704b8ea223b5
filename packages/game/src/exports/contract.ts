// @worldmap/game/contract: the contract between the app and its backend, one
// row per callable (request, reply, refusals with the app's words for them)
// and the sign-in's, and one row per database record the app listens to
// (`liveRecords`: path and reader). Both ends derive their types and checks from it.

export {
  ACTION_ID_FIELD,
  ACTION_ID_PATTERN,
  actionIdSchema,
  createActionId,
  takeActionId,
} from '../contract/actionId.js'
export type { CallableContract, RefusalOf, Sent } from '../contract/callableContract.js'
export {
  type CollectDropRefusal,
  type CollectDropReply,
  type CollectDropRequest,
  type CollectDropSent,
  collectDropContract,
} from '../contract/collectDropContract.js'
export {
  type EnsureDropsNearRefusal,
  type EnsureDropsNearReply,
  type EnsureDropsNearRequest,
  ensureDropsNearContract,
  locationSchema,
} from '../contract/ensureDropsNearContract.js'
export {
  type GetLeaderboardRefusal,
  getLeaderboardContract,
  type LeaderboardEntry,
  type LeaderboardReply,
} from '../contract/getLeaderboardContract.js'
export {
  type AnyLiveRecord,
  type LiveArgs,
  type LiveRecord,
  type LiveValue,
  liveRecords,
} from '../contract/liveRecords.js'
export type { InventoryEntry } from '../contract/readRecords.js'
export {
  type CallableErrorCode,
  FAILURE_CODES,
  type FailureCode,
  isFailureCode,
  isRefusalCode,
  REFUSALS,
  type RefusalCode,
  type RefusalWire,
} from '../contract/refusals.js'
export {
  CLOCK_SKEW_TOLERANCE_MS,
  type CustomTokenErrorCode,
  type CustomTokenQuery,
  type CustomTokenReply,
  createNonce,
  customTokenQuerySchema,
  customTokenReplySchema,
  MAX_SIGNED_NONCE_LENGTH,
  NONCE_PATTERN,
  nonceSchema,
  type SignNonceErrorCode,
  type SignNonceReply,
  type SignNonceRequest,
  signInContract,
  signInStatement,
  signNonceReplySchema,
  signNonceRequestSchema,
} from '../contract/signInContract.js'
export {
  type SyncNotificationsRefusal,
  type SyncNotificationsReply,
  type SyncNotificationsRequest,
  syncNotificationsContract,
} from '../contract/syncNotificationsContract.js'
export {
  type HumanProof,
  VERIFICATION_LEVELS,
  type VerificationLevelName,
  type VerifyHumanRefusal,
  type VerifyHumanReply,
  verificationLevelOf,
  verifyHumanContract,
} from '../contract/verifyHumanContract.js'
