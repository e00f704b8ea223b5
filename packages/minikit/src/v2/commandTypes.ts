// The official 2.x type names of the commands in `./commands` (options and
// results), as aliases of ours, so a 2.x call site that names them compiles
// unchanged. Types only.
import type { AttestationInput, AttestationResult } from '../commands/attestation.js'
import type { ChatInput, ChatResult } from '../commands/chat.js'
import type { GetPermissionsResult } from '../commands/getPermissions.js'
import type { PayInput } from '../commands/pay.js'
import type { RequestPermissionInput, RequestPermissionResult } from '../commands/requestPermission.js'
import type { SendHapticFeedbackInput, SendHapticFeedbackResult } from '../commands/sendHapticFeedback.js'
import type { ShareInput, ShareResult } from '../commands/share.js'
import type { ShareContactsResult } from '../commands/shareContacts.js'
import type { FallbackConfig } from './CommandResult.js'
import type { CloseMiniAppData } from './closeMiniApp.js'
import type { PayData } from './pay.js'
import type { ShareContactsData, ShareContactsOptionsInput } from './shareContacts.js'

type Success<T> = Extract<T, { status: 'success' }>

/** Input of the 2.x `pay`, with `fallback`. */
export type MiniKitPayOptions<TFallback = PayData> = PayInput & FallbackConfig<TFallback>
/** One token and amount of a payment. */
export type TokensPayload = PayInput['tokens'][number]
/** Input of the 2.x `shareContacts`, with `fallback`. */
export type MiniKitShareContactsOptions<TFallback = ShareContactsData> = ShareContactsOptionsInput & FallbackConfig<TFallback>
/** One contact the person picked. */
export type Contact = Success<ShareContactsResult>['contacts'][number]
/** Input of the 2.x `chat`, with `fallback`. */
export type MiniKitChatOptions<TFallback = Success<ChatResult>> = ChatInput & FallbackConfig<TFallback>
/** What the 2.x `chat` resolves with inside World App. */
export type MiniAppChatSuccessPayload = Success<ChatResult>
/** Input of the 2.x `share`, with `fallback`. */
export type MiniKitShareOptions<TFallback = Success<ShareResult>> = ShareInput & FallbackConfig<TFallback>
/** What the 2.x `share` resolves with inside World App. */
export type MiniAppShareSuccessPayload = Success<ShareResult>
/** Input of the 2.x `getPermissions`: only `fallback`. */
export type MiniKitGetPermissionsOptions<TFallback = Success<GetPermissionsResult>> = FallbackConfig<TFallback>
/** What the 2.x `getPermissions` resolves with inside World App. */
export type MiniAppGetPermissionsSuccessPayload = Success<GetPermissionsResult>
/** The permissions the person gave, by name. */
export type PermissionSettings = MiniAppGetPermissionsSuccessPayload['permissions']
/** Input of the 2.x `requestPermission`, with `fallback`. */
export type MiniKitRequestPermissionOptions<TFallback = Success<RequestPermissionResult>> = RequestPermissionInput &
  FallbackConfig<TFallback>
/** What the 2.x `requestPermission` resolves with inside World App. */
export type MiniAppRequestPermissionSuccessPayload = Success<RequestPermissionResult>
/** Input of the 2.x `sendHapticFeedback`, with `fallback`. */
export type MiniKitSendHapticFeedbackOptions<TFallback = Success<SendHapticFeedbackResult>> = SendHapticFeedbackInput &
  FallbackConfig<TFallback>
/** What the 2.x `sendHapticFeedback` resolves with inside World App. */
export type MiniAppSendHapticFeedbackSuccessPayload = Success<SendHapticFeedbackResult>
/** Input of the 2.x `attestation`, with `fallback`. */
export type MiniKitAttestationOptions<TFallback = Success<AttestationResult>> = AttestationInput & FallbackConfig<TFallback>
/** What the 2.x `attestation` resolves with inside World App. */
export type MiniAppAttestationSuccessPayload = Success<AttestationResult>
/** Input of the 2.x `closeMiniApp`: only `fallback`. */
export type MiniKitCloseMiniAppOptions<TFallback = CloseMiniAppData> = FallbackConfig<TFallback>

export type {
  AttestationInput,
  ChatInput,
  CloseMiniAppData as CloseMiniAppResult,
  PayData as PayResult,
  RequestPermissionInput,
  SendHapticFeedbackInput,
  ShareContactsData as ShareContactsResult,
  ShareInput,
}
