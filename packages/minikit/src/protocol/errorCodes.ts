// The failure codes World App sends in `error_code`, per command, with the
// text the official toolkit pairs with each. One table per command, written
// once: the `<Command>ErrorCodes` and `<Command>ErrorMessage` enums of the
// root entry both derive from it. Ground level: imports nothing.
//
// Each table is its own module-level constant and each enum a `@__PURE__`
// call over one table, so a bundle that imports one enum keeps only that
// table (the commands and install() never read these).

/** One command's failure codes: enum key → [wire code, message]. */
export type ErrorTable = Readonly<Record<string, readonly [code: string, message: string]>>

/** The `<Command>ErrorCodes` enum of a table: key → wire code. */
export type ErrorCodesOf<T extends ErrorTable> = { readonly [K in keyof T]: T[K][0] }
/** The `<Command>ErrorMessage` map of a table: wire code → message. */
export type ErrorMessagesOf<T extends ErrorTable> = { readonly [K in keyof T as T[K][0]]: T[K][1] }

/**
 * Build the code enum of a table (frozen, like a TypeScript string enum is read-only).
 *
 * @example
 * ```ts
 * errorCodes({ UserRejected: ['user_rejected', 'User rejected the request.'] }) // { UserRejected: 'user_rejected' }
 * ```
 */
export const errorCodes = <T extends ErrorTable>(table: T): ErrorCodesOf<T> =>
  Object.freeze(Object.fromEntries(Object.entries(table).map(([key, [code]]) => [key, code]))) as ErrorCodesOf<T>

/**
 * Build the message map of a table, keyed by wire code.
 *
 * @example
 * ```ts
 * errorMessages({ UserRejected: ['user_rejected', 'User rejected the request.'] }) // { user_rejected: 'User rejected the request.' }
 * ```
 */
export const errorMessages = <T extends ErrorTable>(table: T): ErrorMessagesOf<T> =>
  Object.freeze(Object.fromEntries(Object.values(table).map(([code, message]) => [code, message]))) as ErrorMessagesOf<T>

// Messages repeated across commands, so each string is written once.
const rejected = 'User rejected the request.'
const unexpected = 'Something unexpected went wrong.'
const unexpectedRetry = 'Something unexpected went wrong. Please try again.'
const problemWithRequest = 'There was a problem with this request. Please try again or contact the app owner.'
const invalidOperation = 'Transaction included an operation that was invalid'
const invalidPayload = 'Invalid payload.'
const simulationFailed = 'The transaction simulation failed.'
const disallowed = 'The operation requested is not allowed. Please refer to the docs.'
const invalidContract =
  'The contract address is not allowed for your application. Please check your developer portal configurations'
const malicious = 'The operation requested is considered malicious.'

/** `verify` (World ID) failures: the IDKit codes World App reuses. */
export const VERIFICATION_ERRORS = {
  ConnectionFailed: ['connection_failed', 'Connection to your wallet failed. Please try again.'],
  VerificationRejected: ['verification_rejected', "You've cancelled the request in World App."],
  MaxVerificationsReached: [
    'max_verifications_reached',
    'You have already verified the maximum number of times for this action.',
  ],
  CredentialUnavailable: ['credential_unavailable', 'It seems you do not have the verification level required by this app.'],
  MalformedRequest: ['malformed_request', problemWithRequest],
  InvalidNetwork: ['invalid_network', 'Invalid network. If you are the app owner, visit docs.worldcoin.org/test for details.'],
  InclusionProofFailed: ['inclusion_proof_failed', 'There was an issue fetching your credential. Please try again.'],
  InclusionProofPending: [
    'inclusion_proof_pending',
    'Your identity is still being registered. Please wait a few minutes and try again.',
  ],
  UnexpectedResponse: ['unexpected_response', 'Unexpected response from your wallet. Please try again.'],
  FailedByHostApp: ['failed_by_host_app', 'Verification failed by the app. Please contact the app owner for details.'],
  GenericError: ['generic_error', unexpectedRetry],
} as const satisfies ErrorTable

/** `pay` failures. */
export const PAYMENT_ERRORS = {
  InputError: ['input_error', problemWithRequest],
  UserRejected: ['user_rejected', 'You have cancelled the payment in World App.'],
  PaymentRejected: ['payment_rejected', "You've cancelled the payment in World App."],
  InvalidReceiver: ['invalid_receiver', 'The receiver address is invalid. Please contact the app owner.'],
  InsufficientBalance: ['insufficient_balance', 'You do not have enough balance to complete this transaction.'],
  TransactionFailed: ['transaction_failed', 'The transaction failed. Please try again.'],
  GenericError: ['generic_error', unexpectedRetry],
  UserBlocked: ['user_blocked', "User's region is blocked from making payments."],
} as const satisfies ErrorTable

/** `wallet-auth` failures. */
export const WALLET_AUTH_ERRORS = {
  MalformedRequest: ['malformed_request', 'Provided parameters in the request are invalid.'],
  UserRejected: ['user_rejected', rejected],
  GenericError: ['generic_error', unexpected],
} as const satisfies ErrorTable

/** `send-transaction` failures. */
export const SEND_TRANSACTION_ERRORS = {
  InvalidOperation: ['invalid_operation', invalidOperation],
  UserRejected: ['user_rejected', rejected],
  InputError: ['input_error', invalidPayload],
  SimulationFailed: ['simulation_failed', simulationFailed],
  TransactionFailed: ['transaction_failed', 'The transaction failed. Please try again later.'],
  GenericError: ['generic_error', unexpectedRetry],
  DisallowedOperation: ['disallowed_operation', disallowed],
  ValidationError: ['validation_error', 'The transaction validation failed. Please try again.'],
  InvalidContract: ['invalid_contract', invalidContract],
  MaliciousOperation: ['malicious_operation', malicious],
  DailyTxLimitReached: [
    'daily_tx_limit_reached',
    'Daily transaction limit reached. Max 100 transactions per day. Wait until the next day.',
  ],
  PermittedAmountExceedsSlippage: [
    'permitted_amount_exceeds_slippage',
    'Permitted amount exceeds slippage. You must spend at least 90% of the permitted amount.',
  ],
  PermittedAmountNotFound: ['permitted_amount_not_found', 'Permitted amount not found in permit2 payload.'],
} as const satisfies ErrorTable

/** `sign-message` failures. */
export const SIGN_MESSAGE_ERRORS = {
  InvalidMessage: ['invalid_message', 'Invalid message requested'],
  UserRejected: ['user_rejected', rejected],
  GenericError: ['generic_error', unexpected],
} as const satisfies ErrorTable

/** `sign-typed-data` failures. */
export const SIGN_TYPED_DATA_ERRORS = {
  InvalidOperation: ['invalid_operation', invalidOperation],
  UserRejected: ['user_rejected', rejected],
  InputError: ['input_error', invalidPayload],
  SimulationFailed: ['simulation_failed', simulationFailed],
  GenericError: ['generic_error', unexpectedRetry],
  DisallowedOperation: ['disallowed_operation', disallowed],
  InvalidContract: ['invalid_contract', invalidContract],
  MaliciousOperation: ['malicious_operation', malicious],
} as const satisfies ErrorTable

/** `share-contacts` failures. */
export const SHARE_CONTACTS_ERRORS = {
  UserRejected: ['user_rejected', rejected],
  GenericError: ['generic_error', unexpected],
} as const satisfies ErrorTable

/** `request-permission` failures. */
export const REQUEST_PERMISSION_ERRORS = {
  // The official text says "contacts" for every permission; kept verbatim as it is matched by apps.
  UserRejected: ['user_rejected', 'User declined sharing contacts'],
  GenericError: ['generic_error', 'Request failed for unknown reason.'],
  AlreadyRequested: ['already_requested', 'User has already declined turning on notifications once'],
  PermissionDisabled: ['permission_disabled', 'User does not have this permission enabled in World App'],
  AlreadyGranted: ['already_granted', 'If the user has already granted this mini app permission'],
  UnsupportedPermission: ['unsupported_permission', 'The permission requested is not supported by this mini app'],
} as const satisfies ErrorTable

/** `get-permissions` failures. */
export const GET_PERMISSIONS_ERRORS = {
  GenericError: ['generic_error', unexpectedRetry],
} as const satisfies ErrorTable

/** `send-haptic-feedback` failures. */
export const SEND_HAPTIC_FEEDBACK_ERRORS = {
  GenericError: ['generic_error', unexpected],
  UserRejected: ['user_rejected', rejected],
} as const satisfies ErrorTable

/** `share` failures. */
export const SHARE_FILES_ERRORS = {
  UserRejected: ['user_rejected', rejected],
  GenericError: ['generic_error', unexpected],
  InvalidFileName: ['invalid_file_name', 'Invalid file name. Make sure you include the extension'],
} as const satisfies ErrorTable

/** `miniapp-microphone` events (World App fires them on its own when a stream is refused). */
export const MICROPHONE_ERRORS = {
  MiniAppPermissionNotEnabled: ['mini_app_permission_not_enabled', 'Microphone permission not enabled for your Mini App'],
  WorldAppPermissionNotEnabled: ['world_app_permission_not_enabled', 'Microphone permission not enabled in World App'],
} as const satisfies ErrorTable

/** `chat` failures (official 1.9.9-1.11). */
export const CHAT_ERRORS = {
  UserRejected: ['user_rejected', rejected],
  SendFailed: ['send_failed', 'Failed to send the message.'],
  GenericError: ['generic_error', unexpected],
} as const satisfies ErrorTable

/** `attestation` failures (official 1.9.9-1.11). */
export const ATTESTATION_ERRORS = {
  Unauthorized: ['unauthorized', 'App is not whitelisted for attestation.'],
  AttestationFailed: ['attestation_failed', 'Failed to obtain token from attestation gateway.'],
  IntegrityFailed: ['integrity_failed', 'Platform integrity check failed.'],
  InvalidInput: ['invalid_input', 'Invalid request payload.'],
  UnsupportedVersion: ['unsupported_version', 'Command version is not supported.'],
} as const satisfies ErrorTable

/**
 * Every command's failure table, by wire command (host events under their
 * event name), for tooling such as the simulator's error pickers. Importing
 * it keeps every table; the enums below each keep only their own.
 */
export const COMMAND_ERRORS = {
  verify: VERIFICATION_ERRORS,
  pay: PAYMENT_ERRORS,
  'wallet-auth': WALLET_AUTH_ERRORS,
  'send-transaction': SEND_TRANSACTION_ERRORS,
  'sign-message': SIGN_MESSAGE_ERRORS,
  'sign-typed-data': SIGN_TYPED_DATA_ERRORS,
  'share-contacts': SHARE_CONTACTS_ERRORS,
  'request-permission': REQUEST_PERMISSION_ERRORS,
  'get-permissions': GET_PERMISSIONS_ERRORS,
  'send-haptic-feedback': SEND_HAPTIC_FEEDBACK_ERRORS,
  share: SHARE_FILES_ERRORS,
  chat: CHAT_ERRORS,
  attestation: ATTESTATION_ERRORS,
  'miniapp-microphone': MICROPHONE_ERRORS,
} as const satisfies Readonly<Record<string, ErrorTable>>

// ---------------------------------------------------------------------------
// The official enums: `<Command>ErrorCodes` (key → code) and
// `<Command>ErrorMessage` (code → message), same names and values.

/** `verify` failure codes (`AppErrorCodes` of IDKit, as the official toolkit re-exports them). */
export const VerificationErrorCodes = /* @__PURE__ */ errorCodes(VERIFICATION_ERRORS)
export type VerificationErrorCodes = (typeof VerificationErrorCodes)[keyof typeof VerificationErrorCodes]
/** Messages of {@link VerificationErrorCodes}, by code. */
export const VerificationErrorMessage = /* @__PURE__ */ errorMessages(VERIFICATION_ERRORS)

/** `pay` failure codes. */
export const PaymentErrorCodes = /* @__PURE__ */ errorCodes(PAYMENT_ERRORS)
export type PaymentErrorCodes = (typeof PaymentErrorCodes)[keyof typeof PaymentErrorCodes]
/** Messages of {@link PaymentErrorCodes}, by code. */
export const PaymentErrorMessage = /* @__PURE__ */ errorMessages(PAYMENT_ERRORS)

/**
 * Reasons the Developer Portal refuses to register a payment (its
 * `initiate-payment` step, before `pay` is sent): key → message.
 */
export const PaymentValidationErrors = /* @__PURE__ */ Object.freeze({
  MalformedRequest: problemWithRequest,
  InvalidTokenAddress: 'The token address is invalid. Please contact the app owner.',
  InvalidAppId: 'The app ID is invalid. Please contact the app owner.',
  DuplicateReference: 'This reference ID already exists please generate a new one and try again.',
} as const)
export type PaymentValidationErrors = (typeof PaymentValidationErrors)[keyof typeof PaymentValidationErrors]

/** `wallet-auth` failure codes. */
export const WalletAuthErrorCodes = /* @__PURE__ */ errorCodes(WALLET_AUTH_ERRORS)
export type WalletAuthErrorCodes = (typeof WalletAuthErrorCodes)[keyof typeof WalletAuthErrorCodes]
/** Messages of {@link WalletAuthErrorCodes}, by code. */
export const WalletAuthErrorMessage = /* @__PURE__ */ errorMessages(WALLET_AUTH_ERRORS)

/** `send-transaction` failure codes. */
export const SendTransactionErrorCodes = /* @__PURE__ */ errorCodes(SEND_TRANSACTION_ERRORS)
export type SendTransactionErrorCodes = (typeof SendTransactionErrorCodes)[keyof typeof SendTransactionErrorCodes]
/** Messages of {@link SendTransactionErrorCodes}, by code. */
export const SendTransactionErrorMessage = /* @__PURE__ */ errorMessages(SEND_TRANSACTION_ERRORS)

/** `sign-message` failure codes. */
export const SignMessageErrorCodes = /* @__PURE__ */ errorCodes(SIGN_MESSAGE_ERRORS)
export type SignMessageErrorCodes = (typeof SignMessageErrorCodes)[keyof typeof SignMessageErrorCodes]
/** Messages of {@link SignMessageErrorCodes}, by code. */
export const SignMessageErrorMessage = /* @__PURE__ */ errorMessages(SIGN_MESSAGE_ERRORS)

/** `sign-typed-data` failure codes. */
export const SignTypedDataErrorCodes = /* @__PURE__ */ errorCodes(SIGN_TYPED_DATA_ERRORS)
export type SignTypedDataErrorCodes = (typeof SignTypedDataErrorCodes)[keyof typeof SignTypedDataErrorCodes]
/** Messages of {@link SignTypedDataErrorCodes}, by code. */
export const SignTypedDataErrorMessage = /* @__PURE__ */ errorMessages(SIGN_TYPED_DATA_ERRORS)

/** `share-contacts` failure codes. */
export const ShareContactsErrorCodes = /* @__PURE__ */ errorCodes(SHARE_CONTACTS_ERRORS)
export type ShareContactsErrorCodes = (typeof ShareContactsErrorCodes)[keyof typeof ShareContactsErrorCodes]
/** Messages of {@link ShareContactsErrorCodes}, by code. */
export const ShareContactsErrorMessage = /* @__PURE__ */ errorMessages(SHARE_CONTACTS_ERRORS)

/** `request-permission` failure codes. */
export const RequestPermissionErrorCodes = /* @__PURE__ */ errorCodes(REQUEST_PERMISSION_ERRORS)
export type RequestPermissionErrorCodes = (typeof RequestPermissionErrorCodes)[keyof typeof RequestPermissionErrorCodes]
/** Messages of {@link RequestPermissionErrorCodes}, by code. */
export const RequestPermissionErrorMessage = /* @__PURE__ */ errorMessages(REQUEST_PERMISSION_ERRORS)

/** `get-permissions` failure codes. */
export const GetPermissionsErrorCodes = /* @__PURE__ */ errorCodes(GET_PERMISSIONS_ERRORS)
export type GetPermissionsErrorCodes = (typeof GetPermissionsErrorCodes)[keyof typeof GetPermissionsErrorCodes]
/** Messages of {@link GetPermissionsErrorCodes}, by code. */
export const GetPermissionsErrorMessage = /* @__PURE__ */ errorMessages(GET_PERMISSIONS_ERRORS)

/** `send-haptic-feedback` failure codes. */
export const SendHapticFeedbackErrorCodes = /* @__PURE__ */ errorCodes(SEND_HAPTIC_FEEDBACK_ERRORS)
export type SendHapticFeedbackErrorCodes = (typeof SendHapticFeedbackErrorCodes)[keyof typeof SendHapticFeedbackErrorCodes]
/** Messages of {@link SendHapticFeedbackErrorCodes}, by code. */
export const SendHapticFeedbackErrorMessage = /* @__PURE__ */ errorMessages(SEND_HAPTIC_FEEDBACK_ERRORS)

/** `share` failure codes. */
export const ShareFilesErrorCodes = /* @__PURE__ */ errorCodes(SHARE_FILES_ERRORS)
export type ShareFilesErrorCodes = (typeof ShareFilesErrorCodes)[keyof typeof ShareFilesErrorCodes]
/** Messages of {@link ShareFilesErrorCodes}, by code. */
export const ShareFilesErrorMessage = /* @__PURE__ */ errorMessages(SHARE_FILES_ERRORS)

/** `miniapp-microphone` failure codes. */
export const MicrophoneErrorCodes = /* @__PURE__ */ errorCodes(MICROPHONE_ERRORS)
export type MicrophoneErrorCodes = (typeof MicrophoneErrorCodes)[keyof typeof MicrophoneErrorCodes]
/** Messages of {@link MicrophoneErrorCodes}, by code. */
export const MicrophoneErrorMessage = /* @__PURE__ */ errorMessages(MICROPHONE_ERRORS)

/** `chat` failure codes. */
export const ChatErrorCodes = /* @__PURE__ */ errorCodes(CHAT_ERRORS)
export type ChatErrorCodes = (typeof ChatErrorCodes)[keyof typeof ChatErrorCodes]
/** Messages of {@link ChatErrorCodes}, by code. */
export const ChatErrorMessage = /* @__PURE__ */ errorMessages(CHAT_ERRORS)

/** `attestation` failure codes. */
export const AttestationErrorCodes = /* @__PURE__ */ errorCodes(ATTESTATION_ERRORS)
export type AttestationErrorCodes = (typeof AttestationErrorCodes)[keyof typeof AttestationErrorCodes]
/** Messages of {@link AttestationErrorCodes}, by code. */
export const AttestationErrorMessage = /* @__PURE__ */ errorMessages(ATTESTATION_ERRORS)
