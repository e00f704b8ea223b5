// Ground-level constants of the host protocol and the spec. Command names,
// events and versions live in ./protocol.ts, the one table they derive from.

/** Toolkit version announced to the host in the `init` message. */
export const MINIKIT_VERSION = 1
/** Toolkit minor version announced to the host in the `init` message. */
export const MINIKIT_MINOR_VERSION = 96

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

/**
 * Every token World App takes in `pay`, by the names official 2.x gives them
 * (`Tokens` of `@worldmap/minikit/commands`). The root {@link Tokens} keeps
 * official 1.9.6's two, which 1.x call sites compare against.
 */
export const PAY_TOKENS = /* @__PURE__ */ Object.freeze({
  USDC: 'USDCE',
  WLD: 'WLD',
  WARS: 'WARS',
  WCOP: 'WCOP',
  WMXN: 'WMXN',
  WBRL: 'WBRL',
  WPEN: 'WPEN',
  WCLP: 'WCLP',
  EURC: 'EURC',
} as const)
/** A wire symbol `pay` accepts. */
export type PayToken = (typeof PAY_TOKENS)[keyof typeof PAY_TOKENS]

/** Decimals of each {@link PAY_TOKENS} symbol (the stablecoins USDC and EURC have 6). */
export const PAY_TOKEN_DECIMALS: Readonly<Record<PayToken, number>> = /* @__PURE__ */ Object.freeze({
  USDCE: 6,
  WLD: 18,
  WARS: 18,
  WCOP: 18,
  WMXN: 18,
  WBRL: 18,
  WPEN: 18,
  WCLP: 18,
  EURC: 6,
})

/** Networks a payment can name; the SDK always sends `worldchain`. */
export const Network = {
  Optimism: 'optimism',
  WorldChain: 'worldchain',
} as const
export type Network = (typeof Network)[keyof typeof Network]
