import * as z from 'zod/mini'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { trigger } from '../events/dispatcher.js'
import { COMMAND_EVENTS, type Command } from '../protocol/protocol.js'
import type { CommandOptions } from '../types.js'

/**
 * Official 2.x's `CommandContext`, the optional second argument of every 2.x
 * command function (`walletAuth(options, ctx)` from `./commands`): where the
 * reply is awaited (`events`) and the device the command runs on
 * (`state.deviceProperties`). `MiniKit.getContext()` returns one.
 *
 * @example
 * ```ts
 * import { walletAuth } from '@worldmap/minikit/commands'
 * const { data } = await walletAuth({ nonce: 'a1b2c3d4e5f6' }, MiniKit.getContext())
 * ```
 */
export interface CommandContext {
  /** An event manager: the reply is awaited on it as well as on `window.MiniKit`. */
  events: {
    // biome-ignore lint/suspicious/noExplicitAny: official 2.x's handlers take any reply payload.
    subscribe(event: any, handler: (payload: any) => void): void
    // biome-ignore lint/suspicious/noExplicitAny: official 2.x's event names are its enum.
    unsubscribe(event: any): void
  }
  /** The device: `worldAppVersion` picks wallet-auth's version, `deviceOS` share's path. */
  state: { deviceProperties: { worldAppVersion?: number | undefined; deviceOS?: string | undefined } }
}

/**
 * The second argument of a 2.x command: official 2.x's {@link CommandContext},
 * or our own {@link CommandOptions} (`timeout`, `signal`).
 */
export type CommandContextOrOptions = CommandContext | CommandOptions

/** What a 2.x call's second argument amounts to, once read. */
export interface CallContext {
  options?: CommandOptions | undefined
  /** The context's device, when it came with one. */
  device?: { worldAppVersion?: number | undefined; deviceOS?: string | undefined } | undefined
  /** A foreign event manager the reply may arrive on. */
  events?: CommandContext['events'] | undefined
}

const fn = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function')
const device = z.object({ worldAppVersion: z.optional(z.number()), deviceOS: z.optional(z.string()) })
const events = z.object({ subscribe: fn, unsubscribe: fn })
// Official 2.x reads `ctx.events` on every native call and `ctx.state.deviceProperties`
// only in wallet-auth and share; a context missing what the command reads fails there.
const contextSchema = z.object({ events, state: z.optional(z.object({ deviceProperties: z.optional(device) })) })
const contextWithStateSchema = z.object({ events, state: z.object({ deviceProperties: device }) })

const NONE: CallContext = {}

/**
 * Read a 2.x call's second argument: nothing, our {@link CommandOptions}, or
 * official 2.x's {@link CommandContext} (told apart by `events`/`state`).
 * Called on the native path only, where official 2.x reads the context.
 *
 * @throws InvalidPayloadError when a context lacks what the command reads
 *   (where official 2.x fails with a TypeError); nothing is sent.
 * @example
 * ```ts
 * const { options, device } = readCommandContext(ctx, 'wallet-auth', true)
 * ```
 */
export function readCommandContext(value: unknown, command: Command, readsState = false): CallContext {
  // `null` means "no context", as in the official (`if (!ctx)`).
  if (value === undefined || value === null) return NONE
  if (typeof value === 'object' && !('events' in value) && !('state' in value)) return { options: value as CommandOptions }
  const parsed = (readsState ? contextWithStateSchema : contextSchema).safeParse(value)
  if (!parsed.success) {
    throw new InvalidPayloadError(
      `'ctx' must be a command context: { events: { subscribe, unsubscribe }${readsState ? ', state: { deviceProperties }' : ''} } (MiniKit.getContext())`,
      { command },
    )
  }
  const { signal, timeout } = value as CommandOptions
  const options = signal !== undefined || timeout !== undefined ? { signal, timeout } : undefined
  // The page's own MiniKit already receives World App's replies.
  const own = typeof window !== 'undefined' && (window as { MiniKit?: unknown }).MiniKit === parsed.data.events
  return { options, device: parsed.data.state?.deviceProperties, events: own ? undefined : (value as CommandContext).events }
}

/**
 * Run `send` while also awaiting `command`'s reply on the context's foreign
 * event manager, as official 2.x does with `ctx.events`: a reply triggered
 * there goes through the same dispatcher (schema check, typed errors) as one
 * from World App. The handler leaves the manager once it fired or the call settled.
 *
 * @example
 * ```ts
 * const reply = await sendWithContext(context, 'sign-message', () => signMessage(input, context.options))
 * ```
 */
export function sendWithContext<T>({ events }: CallContext, command: Command, send: () => Promise<T>): Promise<T> {
  const event = COMMAND_EVENTS[command]
  if (!events || !event) return send()
  let fired = false
  events.subscribe(event, (payload: unknown) => {
    fired = true
    events.unsubscribe(event)
    trigger(event, payload)
  })
  const leave = () => {
    if (!fired) events.unsubscribe(event)
  }
  return send().then(
    (value) => {
      leave()
      return value
    },
    (error: unknown) => {
      leave()
      throw error
    },
  )
}
