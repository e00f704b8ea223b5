import { runCommand } from '../commandPipeline/runCommand.js'
import {
  buildWalletAuthPayload,
  type WalletAuthInput,
  type WalletAuthResult,
  walletAuth as walletAuthCommand,
  walletAuthDefinition,
  walletAuthVersion,
} from '../commands/walletAuth.js'
import { WalletAuthError } from '../errors/commands/WalletAuthError.js'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { COMMAND_VERSIONS } from '../protocol/protocol.js'
import type { CommandResultByVia, FallbackConfig } from './CommandResult.js'
import { type CommandContextOrOptions, readCommandContext, sendWithContext } from './commandContext.js'
import { getFallbackAdapter } from './fallbackAdapter.js'
import { runV2Command } from './runV2Command.js'

/** Options of the 2.x {@link walletAuth}: the 1.x input plus `fallback`. */
export interface WalletAuthOptions<TFallback = WalletAuthData> extends WalletAuthInput, FallbackConfig<TFallback> {}

/** What the 2.x {@link walletAuth} resolves with (the official `WalletAuthResult`). */
export interface WalletAuthData {
  /** The wallet that signed. */
  address: string
  /** The SIWE message it signed; verify it on your server. */
  message: string
  signature: string
  /** The wire version of the reply (World App only). */
  version?: number
}

// The 2.x rule (official 2.0.3): letters and digits only. The 1.x command
// keeps its own rule (no whitespace), as official 1.9.6 has none.
const ALPHANUMERIC = /^[a-zA-Z0-9]+$/

/**
 * The 2.x nonce rule, checked after the 1.x ones would pass on length, so a
 * nonce breaking several rules names the one the official names first.
 */
function checkNonce(nonce: unknown): void {
  if (typeof nonce === 'string' && nonce.length >= 8 && !ALPHANUMERIC.test(nonce)) {
    throw new InvalidPayloadError("'nonce' must be alphanumeric (letters and numbers only)", { command: 'wallet-auth' })
  }
}

/**
 * Sign in with the user's wallet (SIWE), the official 2.x way: inside World
 * App through the one wallet-auth command path (same message, same user
 * update as `walletAuth` from the root); outside it through the registered
 * web fallback, else the caller's `fallback`.
 *
 * Rejects with {@link WalletAuthError} when World App answers with an error,
 * `InvalidPayloadError` on bad input (nothing is sent), and
 * `CommandUnavailableError` (with `reason`) when there is no way to run.
 *
 * @example
 * ```ts
 * const { executedWith, data } = await MiniKit.walletAuth({ nonce: 'a1b2c3d4e5f6', statement: 'Sign in to WorldMap' })
 * if (executedWith !== 'fallback') await fetch('/api/login', { method: 'POST', body: JSON.stringify(data) })
 * ```
 */
export function walletAuth<TFallback = WalletAuthData>(
  options: WalletAuthOptions<TFallback>,
  ctx?: CommandContextOrOptions,
): Promise<CommandResultByVia<WalletAuthData, TFallback>> {
  // Not `async`, and the reply mapped by a plain `then`: a sign-in's round
  // trip is benchmarked against the official's, and each extra async layer
  // costs it a promise and a tick.
  const input = options ?? ({} as WalletAuthOptions<TFallback>)
  const adapter = getFallbackAdapter()
  const web = adapter?.walletAuth?.bind(adapter)
  return runV2Command<WalletAuthData, TFallback>({
    command: 'wallet-auth',
    native: () => {
      checkNonce(input.nonce)
      const context = readCommandContext(ctx, 'wallet-auth', true)
      const { options, device } = context
      // The options as they are: the 1.x command reads only its own fields
      // (`fallback` never reaches the wire), which spares a copy per sign-in.
      if (!device && !context.events) return walletAuthCommand(input, options).then(toData)
      // A context's device picks the wire version, as official 2.x reads its World App version
      // there (one it does not know sends the current version, as the official does).
      const build = device?.worldAppVersion
      const version = device && build === undefined ? COMMAND_VERSIONS['wallet-auth'] : walletAuthVersion(build)
      const send = () => runCommand(walletAuthDefinition, () => buildWalletAuthPayload(input), options, version)
      return sendWithContext(context, 'wallet-auth', send).then(toData)
    },
    web:
      web &&
      (() => {
        const { fallback: _, ...rest } = input
        return web(rest)
      }),
    fallback: input.fallback,
  })
}

/** The 2.x data of a wallet-auth reply; an error reply becomes a {@link WalletAuthError}. */
function toData(reply: WalletAuthResult): WalletAuthData {
  if (reply.status === 'error') {
    throw new WalletAuthError(reply.error_code, typeof reply.details === 'string' ? reply.details : undefined)
  }
  return { address: reply.address, message: reply.message, signature: reply.signature, version: reply.version }
}
