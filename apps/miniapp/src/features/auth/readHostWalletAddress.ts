import * as z from 'zod/mini'

// Newer World App builds put the signed-in wallet on `window.WorldApp`
// (`wallet_address`, reference: official toolkit, later versions); older
// ones, and our simulator, do not. Anything else there is ignored.
const hostSchema = z.object({ wallet_address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)) })

/**
 * The wallet address the host says is signed in to World App right now, or
 * `undefined` when the host does not tell (or there is no host). Used to
 * notice that a remembered session belongs to another wallet.
 *
 * @example
 * ```ts
 * const hostAddress = readHostWalletAddress() // '0x5290…' inside recent World App builds
 * ```
 */
export function readHostWalletAddress(
  win: object | undefined = typeof window === 'undefined' ? undefined : window,
): string | undefined {
  const parsed = hostSchema.safeParse((win as { WorldApp?: unknown } | undefined)?.WorldApp)
  return parsed.success ? parsed.data.wallet_address : undefined
}
