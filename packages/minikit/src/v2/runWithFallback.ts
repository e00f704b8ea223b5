import type { Command } from '../protocol/protocol.js'
import { state } from '../state.js'
import type { CommandVia, FallbackReason } from './CommandResult.js'
import { isInWorldApp } from './isInWorldApp.js'

/** What {@link runWithFallback} needs for one call of a 2.x command. */
export interface RunWithFallbackParameters<TNative, TFallback> {
  /** The wire command, for availability and error messages. */
  command: Command
  /** The one command path (the 1.x free function), mapped to the 2.x data; rejects with the 2.x error on an error reply. */
  native: () => Promise<TNative>
  /** The registered web fallback (wagmi), tried only outside World App. */
  web?: (() => Promise<TNative>) | undefined
  /** The caller's own `fallback`, run only outside World App. */
  fallback?: (() => Promise<TFallback> | TFallback) | undefined
  /** The command has no web path of its own (pay, chat …): outside World App without `fallback` is a caller error. */
  requiresFallback?: boolean
}

/** A 2.x result before its type is narrowed by path. */
export type RunResult<TNative, TFallback> =
  | { executedWith: Exclude<CommandVia, 'fallback'>; data: TNative }
  | { executedWith: 'fallback'; data: TFallback }

/**
 * The path choice every 2.x command shares, in the official order: World
 * App when it offers the command; outside World App the registered web
 * fallback, then the caller's `fallback`. A failure of the native call is
 * never hidden by a fallback (inside World App there is none to take); a
 * failed web fallback gives way to the caller's, else rejects with its own error
 * (always, when it already sent part of a batch).
 *
 * The errors are created by `errors`, so this module (and every command
 * that uses it) stays free of message text it does not need.
 */
export function runWithFallback<TNative, TFallback>(
  parameters: RunWithFallbackParameters<TNative, TFallback>,
  errors: {
    fallbackRequired: (command: Command) => Error
    unavailable: (command: Command, reason: FallbackReason) => Error
  },
): Promise<RunResult<TNative, TFallback>> {
  const { command, native } = parameters
  if (!isInWorldApp()) return runOutside(parameters, errors)
  // Not `async`, and no `await`: World App's error reply reaches the caller as
  // the native promise's own rejection, with no rethrow in an async frame and
  // no extra tick (the 2.x error round trip is benchmarked against the official's).
  if (state.available[command] !== true) return Promise.reject(errors.unavailable(command, 'oldAppVersion'))
  let running: Promise<TNative>
  try {
    running = native()
  } catch (error) {
    // A native path that throws before it returns a promise (bad input) rejects, as an async one would.
    return Promise.reject(error)
  }
  return running.then(viaMiniKit)
}

const viaMiniKit = <TNative>(data: TNative): { executedWith: 'minikit'; data: TNative } => ({ executedWith: 'minikit', data })

/** Outside World App: the registered web fallback, then the caller's `fallback`, else the typed error. */
async function runOutside<TNative, TFallback>(
  parameters: RunWithFallbackParameters<TNative, TFallback>,
  errors: {
    fallbackRequired: (command: Command) => Error
    unavailable: (command: Command, reason: FallbackReason) => Error
  },
): Promise<RunResult<TNative, TFallback>> {
  const { command, web, fallback, requiresFallback } = parameters
  if (web) {
    try {
      return { executedWith: 'wagmi', data: await web() }
    } catch (error) {
      // The official swallows this and reports "unavailable"; the caller
      // learns more from the web wallet's own error when there is nothing else to try.
      // A batch the wallet already partly sent is never handed to the caller's
      // fallback, which would send those calls a second time.
      if (!fallback || (error as { name?: unknown } | null)?.name === 'PartialExecutionError') throw error
    }
  }
  if (fallback) return { executedWith: 'fallback', data: await fallback() }
  if (requiresFallback) throw errors.fallbackRequired(command)
  throw errors.unavailable(command, 'notInWorldApp')
}
