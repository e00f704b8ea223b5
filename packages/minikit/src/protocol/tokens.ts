// The tokens `pay` takes, with their wire symbols and decimals.

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
