// `@worldmap/minikit/commands`: the official 2.x `./commands` subpath. The
// 2.x command functions (`{ executedWith, data }`), their error classes, and
// the enums and helpers official 2.0.3 ships next to them. Nothing here loads
// viem or wagmi: the web fallback is a registry that `./wagmi-fallback` fills.

export { isCommandAvailable, sendMiniKitEvent, setCommandAvailable } from '../availability.js'
export { Permission } from '../commands/requestPermission.js'
export { CommandReplyError } from '../errors/CommandReplyError.js'
export { CommandUnavailableError, type CommandUnavailableErrorType } from '../errors/CommandUnavailableError.js'
export { AttestationError, type AttestationErrorType } from '../errors/commands/AttestationError.js'
export { ChatError, type ChatErrorType } from '../errors/commands/ChatError.js'
export { GetPermissionsError, type GetPermissionsErrorType } from '../errors/commands/GetPermissionsError.js'
export { PayError, type PayErrorType } from '../errors/commands/PayError.js'
export { RequestPermissionError, type RequestPermissionErrorType } from '../errors/commands/RequestPermissionError.js'
export { SendHapticFeedbackError, type SendHapticFeedbackErrorType } from '../errors/commands/SendHapticFeedbackError.js'
export { SendTransactionError, type SendTransactionErrorType } from '../errors/commands/SendTransactionError.js'
export { ShareContactsError, type ShareContactsErrorType } from '../errors/commands/ShareContactsError.js'
export { ShareError, type ShareErrorType } from '../errors/commands/ShareError.js'
export { SignMessageError, type SignMessageErrorType } from '../errors/commands/SignMessageError.js'
export { SignTypedDataError, type SignTypedDataErrorType } from '../errors/commands/SignTypedDataError.js'
export { WalletAuthError, type WalletAuthErrorType } from '../errors/commands/WalletAuthError.js'
export { FallbackRequiredError, type FallbackRequiredErrorType } from '../errors/FallbackRequiredError.js'
export { Network } from '../protocol/chain.js'
export {
  AttestationErrorCodes,
  ChatErrorCodes,
  GetPermissionsErrorCodes,
  PaymentErrorCodes,
  PaymentErrorMessage,
  RequestPermissionErrorCodes,
  SendHapticFeedbackErrorCodes,
  SendTransactionErrorCodes,
  SendTransactionErrorMessage,
  ShareContactsErrorCodes,
  ShareContactsErrorMessage,
  ShareFilesErrorCodes,
  SignMessageErrorCodes,
  SignTypedDataErrorCodes,
  WalletAuthErrorCodes,
  WalletAuthErrorMessage,
} from '../protocol/errorCodes.js'
export { MiniKitInstallErrorCodes, MiniKitInstallErrorMessage } from '../protocol/installErrors.js'
export { Command, ResponseEvent } from '../protocol/protocol.js'
export { MiniAppLaunchLocation } from '../utils/launchLocation.js'
export { tokenToDecimals } from '../utils/tokenToDecimals.js'
export { attestation } from '../v2/attestation.js'
export type { CommandResult, CommandResultByVia, CommandVia, FallbackConfig, FallbackReason } from '../v2/CommandResult.js'
export { chat } from '../v2/chat.js'
export { type CloseMiniAppData, closeMiniApp } from '../v2/closeMiniApp.js'
export type { CommandContext, CommandContextOrOptions } from '../v2/commandContext.js'
export type {
  AttestationInput,
  ChatInput,
  CloseMiniAppResult,
  Contact,
  MiniAppAttestationSuccessPayload,
  MiniAppChatSuccessPayload,
  MiniAppGetPermissionsSuccessPayload,
  MiniAppRequestPermissionSuccessPayload,
  MiniAppSendHapticFeedbackSuccessPayload,
  MiniAppShareSuccessPayload,
  MiniKitAttestationOptions,
  MiniKitChatOptions,
  MiniKitCloseMiniAppOptions,
  MiniKitGetPermissionsOptions,
  MiniKitPayOptions,
  MiniKitRequestPermissionOptions,
  MiniKitSendHapticFeedbackOptions,
  MiniKitShareContactsOptions,
  MiniKitShareOptions,
  PayResult,
  PermissionSettings,
  RequestPermissionInput,
  SendHapticFeedbackInput,
  ShareContactsResult,
  ShareInput,
  TokensPayload,
} from '../v2/commandTypes.js'
export { COMMAND_VERSIONS, type Command2x } from '../v2/commandVersions.js'
export { type FeatureSupport, WEB_FEATURES, WORLD_APP_FEATURES } from '../v2/features.js'
export { getPermissions } from '../v2/getPermissions.js'
export { isInWorldApp } from '../v2/isInWorldApp.js'
export { type PayData, pay } from '../v2/pay.js'
export { requestPermission } from '../v2/requestPermission.js'
export { sendHapticFeedback } from '../v2/sendHapticFeedback.js'
export { type SendTransactionData, type SendTransactionOptions, sendTransaction } from '../v2/sendTransaction.js'
export { share } from '../v2/share.js'
export { getContacts, type ShareContactsData, shareContacts } from '../v2/shareContacts.js'
export { type SignMessageData, type SignMessageOptions, signMessage } from '../v2/signMessage.js'
export { type SignTypedDataData, type SignTypedDataOptions, signTypedData } from '../v2/signTypedData.js'
export { TokenDecimals, Tokens } from '../v2/tokens.js'
export { validateCommands } from '../v2/validateCommands.js'
export { type WalletAuthData, type WalletAuthOptions, walletAuth } from '../v2/walletAuth.js'
