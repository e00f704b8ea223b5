/** Host commands, as sent on the wire in the `command` field. */
export const Command = {
  Verify: 'verify',
  Pay: 'pay',
  WalletAuth: 'wallet-auth',
  SendTransaction: 'send-transaction',
  SignMessage: 'sign-message',
  SignTypedData: 'sign-typed-data',
  ShareContacts: 'share-contacts',
  RequestPermission: 'request-permission',
  GetPermissions: 'get-permissions',
  SendHapticFeedback: 'send-haptic-feedback',
  Share: 'share',
} as const
export type Command = (typeof Command)[keyof typeof Command]

/** Events the host fires through `window.MiniKit.trigger(event, payload)`. */
export const ResponseEvent = {
  MiniAppVerifyAction: 'miniapp-verify-action',
  MiniAppPayment: 'miniapp-payment',
  MiniAppWalletAuth: 'miniapp-wallet-auth',
  MiniAppSendTransaction: 'miniapp-send-transaction',
  MiniAppSignMessage: 'miniapp-sign-message',
  MiniAppSignTypedData: 'miniapp-sign-typed-data',
  MiniAppShareContacts: 'miniapp-share-contacts',
  MiniAppRequestPermission: 'miniapp-request-permission',
  MiniAppGetPermissions: 'miniapp-get-permissions',
  MiniAppSendHapticFeedback: 'miniapp-send-haptic-feedback',
  MiniAppShare: 'miniapp-share',
  MiniAppMicrophone: 'miniapp-microphone',
} as const
export type ResponseEvent = (typeof ResponseEvent)[keyof typeof ResponseEvent]

/** Toolkit version announced to the host in the `init` message. */
export const MINIKIT_VERSION = 1
/** Toolkit minor version announced to the host in the `init` message. */
export const MINIKIT_MINOR_VERSION = 96

/**
 * Command versions this SDK speaks. A data table, so version gating is
 * reviewed and tested in one place.
 */
export const COMMAND_VERSIONS: Readonly<Record<Command, number>> = {
  verify: 1,
  pay: 1,
  'wallet-auth': 2,
  'send-transaction': 1,
  'sign-message': 1,
  'sign-typed-data': 1,
  'share-contacts': 1,
  'request-permission': 1,
  'get-permissions': 1,
  'send-haptic-feedback': 1,
  share: 1,
}

/** World App builds above this number understand wallet-auth version 2. */
export const WALLET_AUTH_V2_MIN_EXCLUSIVE_APP_VERSION = 2087900

/** World Chain, the only network mini-app commands target. */
export const WORLD_CHAIN_ID = 480

/** Base URL of World's usernames service. */
export const DEFAULT_USERNAMES_URL = 'https://usernames.worldcoin.org'

/** Install failure codes (`MiniKitInstallErrorCodes` in the official toolkit). */
export const MiniKitInstallErrorCodes = {
  Unknown: 'unknown',
  AlreadyInstalled: 'already_installed',
  OutsideOfWorldApp: 'outside_of_worldapp',
  NotOnClient: 'not_on_client',
  AppOutOfDate: 'app_out_of_date',
} as const
export type MiniKitInstallErrorCodes = (typeof MiniKitInstallErrorCodes)[keyof typeof MiniKitInstallErrorCodes]

/** Messages for {@link MiniKitInstallErrorCodes}, exactly as the spec words them. */
export const MiniKitInstallErrorMessage: Readonly<Record<MiniKitInstallErrorCodes, string>> = {
  unknown: 'Failed to install MiniKit.',
  already_installed: 'MiniKit is already installed.',
  outside_of_worldapp: 'MiniApp launched outside of WorldApp.',
  not_on_client: 'Window object is not available.',
  app_out_of_date: 'WorldApp is out of date. Please update the app.',
}

/** World ID verification levels. */
export const VerificationLevel = {
  Orb: 'orb',
  SecureDocument: 'secure_document',
  Document: 'document',
  Device: 'device',
} as const
export type VerificationLevel = (typeof VerificationLevel)[keyof typeof VerificationLevel]

/** Tokens accepted by `pay`, with their wire symbols. */
export const Tokens = {
  USDC: 'USDCE',
  WLD: 'WLD',
} as const
export type Tokens = (typeof Tokens)[keyof typeof Tokens]

/** Decimals of each {@link Tokens} symbol. */
export const TokenDecimals: Readonly<Record<Tokens, number>> = {
  USDCE: 6,
  WLD: 18,
}

/** Networks a payment can name; the SDK always sends `worldchain`. */
export const Network = {
  Optimism: 'optimism',
  WorldChain: 'worldchain',
} as const
export type Network = (typeof Network)[keyof typeof Network]
