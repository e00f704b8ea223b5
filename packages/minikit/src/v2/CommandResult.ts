// The result shape of the official 2.x call style (`MiniKit.walletAuth(input)`
// and the `./commands` functions): which path answered, and its data. Types
// only; the runner that produces them is `runWithFallback.ts`.

/** Which path answered a 2.x command: World App, the registered wagmi fallback, or the caller's own `fallback`. */
export type CommandVia = 'minikit' | 'wagmi' | 'fallback'

/** What a 2.x command resolves with. */
export interface CommandResult<T> {
  data: T
  executedWith: CommandVia
}

/**
 * A 2.x command's result, narrowed by path: the native (or wagmi) data, or
 * whatever the caller's `fallback` returned.
 *
 * @example
 * ```ts
 * const result: CommandResultByVia<WalletAuthData> = await MiniKit.walletAuth({ nonce })
 * if (result.executedWith !== 'fallback') console.log(result.data.address)
 * ```
 */
export type CommandResultByVia<TNative, TFallback = TNative, TViaNative extends CommandVia = Exclude<CommandVia, 'fallback'>> =
  | { executedWith: TViaNative; data: TNative }
  | { executedWith: 'fallback'; data: TFallback }

/** The `fallback` every 2.x command accepts: run when the page is not inside World App. */
export interface FallbackConfig<TFallback = unknown> {
  fallback?: () => Promise<TFallback> | TFallback
}

// Defined with the error that carries it, which the 2.x layer builds on.
export type { FallbackReason } from '../errors/CommandUnavailableError.js'
