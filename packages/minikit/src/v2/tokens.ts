import { PAY_TOKEN_DECIMALS, PAY_TOKENS, type PayToken } from '../protocol/tokens.js'

/**
 * The tokens `pay` takes, as official 2.x's `./commands` names them: USDC and
 * WLD, and the local stablecoins WARS, WCOP, WMXN, WBRL, WPEN, WCLP and EURC.
 *
 * @example
 * ```ts
 * await pay({ reference, to, description: 'Tip', tokens: [{ symbol: Tokens.EURC, token_amount: tokenToDecimals(2, Tokens.EURC) }] })
 * ```
 */
export const Tokens = PAY_TOKENS
/** A wire symbol `pay` accepts. */
export type Tokens = PayToken

/**
 * Decimals of each {@link Tokens} symbol (official 2.x's `TokenDecimals`).
 *
 * @example
 * ```ts
 * TokenDecimals[Tokens.EURC] // 6
 * ```
 */
export const TokenDecimals = PAY_TOKEN_DECIMALS
