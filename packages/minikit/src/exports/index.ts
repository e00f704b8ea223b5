// Public root entry of @worldmap/minikit. Every export is side-effect free.
// The state object, raw transport, payload builders and resets live in
// ./internal (see the README's migration note).

export { isCommandAvailable, sendMiniKitEvent, setCommandAvailable, validateCommands } from '../availability.js'
export type { AsyncHandlerReturn } from '../commandFaces.js'
// Official 1.11's command factories: each hands back the facade's command (one implementation).
export {
  type CommandContext,
  createAsyncCommands,
  createAttestationAsyncCommand,
  createAttestationCommand,
  createChatAsyncCommand,
  createChatCommand,
  createCloseMiniAppCommand,
  createCommands,
  createGetPermissionsAsyncCommand,
  createGetPermissionsCommand,
  createPayAsyncCommand,
  createPayCommand,
  createRequestPermissionAsyncCommand,
  createRequestPermissionCommand,
  createSendHapticFeedbackAsyncCommand,
  createSendHapticFeedbackCommand,
  createSendTransactionAsyncCommand,
  createSendTransactionCommand,
  createShareAsyncCommand,
  createShareCommand,
  createShareContactsAsyncCommand,
  createShareContactsCommand,
  createSignMessageAsyncCommand,
  createSignMessageCommand,
  createSignTypedDataAsyncCommand,
  createSignTypedDataCommand,
  createVerifyAsyncCommand,
  createVerifyCommand,
  createWalletAuthAsyncCommand,
  createWalletAuthCommand,
} from '../commandFactories.js'
export {
  type AttestationErrorType,
  type AttestationInput,
  type AttestationPayload,
  type AttestationResult,
  attestation,
} from '../commands/attestation.js'
export { type ChatErrorType, type ChatInput, type ChatResult, chat } from '../commands/chat.js'
export { type CloseMiniAppErrorType, closeMiniApp } from '../commands/closeMiniApp.js'
export { type GetPermissionsErrorType, type GetPermissionsResult, getPermissions } from '../commands/getPermissions.js'
export { type PayErrorType, type PayInput, type PayPayload, type PayResult, pay } from '../commands/pay.js'
export {
  Permission,
  type RequestPermissionErrorType,
  type RequestPermissionInput,
  type RequestPermissionResult,
  requestPermission,
} from '../commands/requestPermission.js'
export {
  type SendHapticFeedbackErrorType,
  type SendHapticFeedbackInput,
  type SendHapticFeedbackResult,
  sendHapticFeedback,
} from '../commands/sendHapticFeedback.js'
export {
  type AbiParameter,
  type SendTransactionErrorType,
  type SendTransactionInput,
  type SendTransactionPayload,
  type SendTransactionResult,
  sendTransaction,
} from '../commands/sendTransaction.js'
export {
  formatShareInput,
  MAX_SHARE_BYTES,
  MAX_SHARE_FILES,
  type ShareErrorType,
  type ShareInput,
  type SharePayload,
  type ShareResult,
  share,
  validateShareInput,
} from '../commands/share.js'
export {
  type ShareContactsErrorType,
  type ShareContactsInput,
  type ShareContactsResult,
  shareContacts,
} from '../commands/shareContacts.js'
export {
  type SignMessageErrorType,
  type SignMessageInput,
  type SignMessageResult,
  signMessage,
} from '../commands/signMessage.js'
export {
  type SignTypedDataErrorType,
  type SignTypedDataInput,
  type SignTypedDataPayload,
  type SignTypedDataResult,
  signTypedData,
} from '../commands/signTypedData.js'
export {
  type VerifyErrorType,
  type VerifyInput,
  type VerifyPayload,
  type VerifyResult,
  verify,
} from '../commands/verify.js'
export {
  type WalletAuthErrorType,
  type WalletAuthInput,
  type WalletAuthPayload,
  type WalletAuthResult,
  walletAuth,
  walletAuthVersion,
} from '../commands/walletAuth.js'
export { BaseError, type BaseErrorParameters, type BaseErrorType, type ErrorType } from '../errors/BaseError.js'
export {
  CloudProofVerificationError,
  type CloudProofVerificationErrorType,
} from '../errors/CloudProofVerificationError.js'
export { CommandAbortedError, type CommandAbortedErrorType } from '../errors/CommandAbortedError.js'
export { CommandTimeoutError, type CommandTimeoutErrorType } from '../errors/CommandTimeoutError.js'
export { CommandUnavailableError, type CommandUnavailableErrorType } from '../errors/CommandUnavailableError.js'
export { CurrentUrlUnavailableError, type CurrentUrlUnavailableErrorType } from '../errors/CurrentUrlUnavailableError.js'
export { HostUnavailableError, type HostUnavailableErrorType } from '../errors/HostUnavailableError.js'
export { InvalidPayloadError, type InvalidPayloadErrorType } from '../errors/InvalidPayloadError.js'
export { MalformedReplyError, type MalformedReplyErrorType } from '../errors/MalformedReplyError.js'
export { UsernamesServiceError, type UsernamesServiceErrorType } from '../errors/UsernamesServiceError.js'
export { ProviderRpcError, ProviderRpcErrorCode, type ProviderRpcErrorType } from '../errors/wallet/ProviderRpcError.js'
export { type EventHandler, subscribe } from '../events/dispatcher.js'
export {
  MiniKit,
  type MiniKitContext,
  type MiniKitEventManager,
  type MiniKitStateManager,
} from '../facade.js'
export {
  type InstallOptions,
  type InstallResult,
  install,
  isInstalled,
  whenMicrophoneTracked,
} from '../install.js'
export { installOnce } from '../installOnce.js'
export { Network, WORLD_CHAIN_ID } from '../protocol/chain.js'
export {
  AttestationErrorCodes,
  AttestationErrorMessage,
  ChatErrorCodes,
  ChatErrorMessage,
  GetPermissionsErrorCodes,
  GetPermissionsErrorMessage,
  MicrophoneErrorCodes,
  MicrophoneErrorMessage,
  PaymentErrorCodes,
  PaymentErrorMessage,
  PaymentValidationErrors,
  RequestPermissionErrorCodes,
  RequestPermissionErrorMessage,
  SendHapticFeedbackErrorCodes,
  SendHapticFeedbackErrorMessage,
  SendTransactionErrorCodes,
  SendTransactionErrorMessage,
  ShareContactsErrorCodes,
  ShareContactsErrorMessage,
  ShareFilesErrorCodes,
  ShareFilesErrorMessage,
  SignMessageErrorCodes,
  SignMessageErrorMessage,
  SignTypedDataErrorCodes,
  SignTypedDataErrorMessage,
  VerificationErrorCodes,
  VerificationErrorMessage,
  WalletAuthErrorCodes,
  WalletAuthErrorMessage,
} from '../protocol/errorCodes.js'
export { MiniKitInstallErrorCodes, MiniKitInstallErrorMessage } from '../protocol/installErrors.js'
export { COMMAND_VERSIONS, Command, ResponseEvent } from '../protocol/protocol.js'
export { MINIKIT_MINOR_VERSION, MINIKIT_VERSION, WALLET_AUTH_V2_MIN_EXCLUSIVE_APP_VERSION } from '../protocol/sdkVersion.js'
export { TokenDecimals, Tokens } from '../protocol/tokens.js'
export { DEFAULT_USERNAMES_URL } from '../protocol/usernamesService.js'
export {
  assertCredentialType,
  CREDENTIAL_TYPES_BY_LEVEL,
  CredentialType,
  DEFAULT_VERIFICATION_LEVEL,
  VerificationLevel,
  verificationLevelToCredentialTypes,
} from '../protocol/verificationLevels.js'
export type { ErrorReply } from '../schemas/replySchema.js'
// The official 1.x root's SIWE parser, in its shape. Its `verifySiweMessage`
// needs viem, which nothing on this entry may reach (a bundler without code
// splitting inlines import()): it is on ./siwe, where official 2.x has it.
export { parseSiweMessageCompat as parseSiweMessage, type SiweMessageData } from '../siwe/parseSiweMessageCompat.js'
export { type MiniKitConfig, type MiniKitState, watchState } from '../state.js'
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
export { createStore, type Store, type StoreListener } from '../utils/createStore.js'
export { encodeAction } from '../utils/encodeAction.js'
export { generateSignal } from '../utils/generateSignal.js'
// getIsUserVerified reads the address book through viem: on ./address-book, as official 2.x.
export type { UsernamesOptions } from '../utils/getUserByAddress.js'
export { getUserByAddress } from '../utils/getUserByAddressLazy.js'
export { getUserByUsername } from '../utils/getUserByUsernameLazy.js'
export { type FieldDigest, hashToField } from '../utils/hashToField.js'
export { getLaunchLocation, MiniAppLaunchLocation, mapWorldAppLaunchLocation } from '../utils/launchLocation.js'
export { getMiniAppUrl, showProfileCard } from '../utils/miniAppLinks.js'
export { tokenToDecimals } from '../utils/tokenToDecimals.js'
export type { CloudProof, VerifyCloudProofOptions, VerifyCloudProofResult } from '../utils/verifyCloudProof.js'
export { verifyCloudProof } from '../utils/verifyCloudProofLazy.js'
export { getWorldAppProvider } from '../v2/wallet/getWorldAppProvider.js'
export type { WorldAppProvider } from '../v2/wallet/providerState.js'
