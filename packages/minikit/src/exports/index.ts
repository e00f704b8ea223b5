// Public root entry of @worldmap/minikit. Every export is side-effect free.
export { type GetPermissionsResult, getPermissions } from '../commands/getPermissions.js'
export { buildPayPayload, type PayInput, type PayPayload, type PayResult, pay } from '../commands/pay.js'
export {
  buildRequestPermissionPayload,
  Permission,
  type RequestPermissionInput,
  type RequestPermissionResult,
  requestPermission,
} from '../commands/requestPermission.js'
export {
  buildSendHapticFeedbackPayload,
  type SendHapticFeedbackInput,
  type SendHapticFeedbackResult,
  sendHapticFeedback,
} from '../commands/sendHapticFeedback.js'
export {
  type AbiParameter,
  buildSendTransactionPayload,
  type SendTransactionInput,
  type SendTransactionPayload,
  type SendTransactionResult,
  sendTransaction,
} from '../commands/sendTransaction.js'
export {
  formatShareInput,
  MAX_SHARE_BYTES,
  MAX_SHARE_FILES,
  type ShareInput,
  type SharePayload,
  type ShareResult,
  share,
  validateShareInput,
} from '../commands/share.js'
export {
  buildShareContactsPayload,
  type ShareContactsInput,
  type ShareContactsResult,
  shareContacts,
} from '../commands/shareContacts.js'
export { buildSignMessagePayload, type SignMessageInput, type SignMessageResult, signMessage } from '../commands/signMessage.js'
export {
  buildSignTypedDataPayload,
  type SignTypedDataInput,
  type SignTypedDataPayload,
  type SignTypedDataResult,
  signTypedData,
} from '../commands/signTypedData.js'
export {
  buildVerifyPayload,
  encodeAction,
  generateSignal,
  type VerifyInput,
  type VerifyPayload,
  type VerifyResult,
  verify,
} from '../commands/verify.js'
export {
  buildWalletAuthPayload,
  type WalletAuthInput,
  type WalletAuthPayload,
  type WalletAuthResult,
  walletAuth,
  walletAuthVersion,
} from '../commands/walletAuth.js'
export { BaseError, type BaseErrorParameters } from '../errors/BaseError.js'
export { CommandAbortedError } from '../errors/CommandAbortedError.js'
export { CommandTimeoutError } from '../errors/CommandTimeoutError.js'
export { CommandUnavailableError } from '../errors/CommandUnavailableError.js'
export { CurrentUrlUnavailableError } from '../errors/CurrentUrlUnavailableError.js'
export { HostUnavailableError } from '../errors/HostUnavailableError.js'
export { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
export { MalformedReplyError } from '../errors/MalformedReplyError.js'
export { UsernamesServiceError } from '../errors/UsernamesServiceError.js'
export { type EventHandler, subscribe, trigger } from '../events/dispatcher.js'
export { type AsyncHandlerReturn, MiniKit } from '../facade.js'
export {
  checkCommands,
  type InstallOptions,
  type InstallResult,
  install,
  isInstalled,
  whenMicrophoneTracked,
} from '../install.js'
export type { ErrorReply } from '../schemas/replySchema.js'
export { type MiniKitConfig, type MiniKitState, state as miniKitState, watchState } from '../state.js'
export {
  COMMAND_VERSIONS,
  Command,
  DEFAULT_USERNAMES_URL,
  MINIKIT_MINOR_VERSION,
  MINIKIT_VERSION,
  MiniKitInstallErrorCodes,
  MiniKitInstallErrorMessage,
  Network,
  ResponseEvent,
  TokenDecimals,
  Tokens,
  VerificationLevel,
  WALLET_AUTH_V2_MIN_EXCLUSIVE_APP_VERSION,
  WORLD_CHAIN_ID,
} from '../support/constants.js'
export {
  assertCredentialType,
  CREDENTIAL_TYPES_BY_LEVEL,
  CredentialType,
  DEFAULT_VERIFICATION_LEVEL,
  verificationLevelToCredentialTypes,
} from '../support/verificationLevels.js'
export { type HostMessage, postToHost } from '../transport/postToHost.js'
export type {
  AbiEncodedValue,
  CommandOptions,
  DeviceProperties,
  SafeAreaInsets,
  User,
  UserNameService,
  UserPermissions,
  WorldAppWire,
} from '../types.js'
export type { UsernamesOptions } from '../utils/getUserByAddress.js'
export { getUserByAddress } from '../utils/getUserByAddressLazy.js'
export { getUserByUsername } from '../utils/getUserByUsernameLazy.js'
export { type FieldDigest, hashToField } from '../utils/hashToField.js'
export { tokenToDecimals } from '../utils/tokenToDecimals.js'
