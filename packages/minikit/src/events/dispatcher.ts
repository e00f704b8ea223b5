import { CommandAbortedError } from '../errors/CommandAbortedError.js'
import { CommandTimeoutError } from '../errors/CommandTimeoutError.js'
import { HostUnavailableError } from '../errors/HostUnavailableError.js'
import { MalformedReplyError } from '../errors/MalformedReplyError.js'
import type { AnyCommandDefinition, CommandDefinition } from '../protocol/CommandDefinition.js'
import { state } from '../state.js'
import { type HostMessage, postToHost } from '../transport/postToHost.js'
import type { CommandOptions } from '../types.js'

/** A handler that receives a (validated) host payload for one event. */
export type EventHandler<T = unknown> = (payload: T) => void

interface Pending {
  definition: CommandDefinition<unknown>
  message: HostMessage
  sent: boolean
  /** Leave the queue (the reply arrived) without settling yet. */
  detach(): void
  settle(error: unknown, value?: unknown): void
}

// Replies carry no correlation id, so at most one call per event may be in
// flight: the head of each queue. The rest wait their turn instead of
// overwriting each other's handler (the official toolkit's lost-reply bug).
const queues = new Map<string, Pending[]>()
const subscribers = new Map<string, Set<EventHandler<never>>>()
const definitions = new Map<string, CommandDefinition<unknown>>()

/** Make a command's reply schema and post-processing known to `trigger`. */
export function registerCommand(definition: AnyCommandDefinition): void {
  definitions.set(definition.event, definition)
}

/**
 * Send `message` to the host and resolve with the validated reply of
 * `definition.event`. Calls of one command are queued: each is sent after
 * the previous one settled and gets its own reply.
 */
export function request<T>(definition: CommandDefinition<T>, message: HostMessage, options?: CommandOptions | null): Promise<T> {
  registerCommand(definition)
  const { event, method } = definition
  return new Promise<T>((resolve, reject) => {
    // `null` from plain-JS callers (e.g. getPermissions(null)) means "no options", like undefined.
    const { signal, timeout: ownTimeout } = options ?? {}
    const timeout = ownTimeout ?? state.config.timeout
    let timer: ReturnType<typeof setTimeout> | undefined
    let done = false
    const onAbort = () => entry.settle(new CommandAbortedError(method, signal?.reason))
    const entry: Pending = {
      definition: definition as CommandDefinition<unknown>,
      message,
      sent: false,
      detach() {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        const queue = queues.get(event)
        const index = queue ? queue.indexOf(entry) : -1
        if (index >= 0) queue?.splice(index, 1)
        if (index === 0) pump(event)
      },
      settle(error, value) {
        if (done) return
        done = true
        entry.detach()
        if (error === undefined) resolve(value as T)
        else reject(error)
      },
    }
    if (signal?.aborted) return reject(new CommandAbortedError(method, signal.reason))
    signal?.addEventListener('abort', onAbort, { once: true })
    if (timeout !== undefined) timer = setTimeout(() => entry.settle(new CommandTimeoutError(method, timeout)), timeout)
    const queue = queues.get(event) ?? []
    queues.set(event, queue)
    queue.push(entry)
    pump(event)
  })
}

function pump(event: string): void {
  const head = queues.get(event)?.[0]
  if (!head || head.sent) return
  head.sent = true
  try {
    if (!postToHost(head.message)) head.settle(new HostUnavailableError())
  } catch (error) {
    head.settle(error)
  }
}

/**
 * Register `handler` for every validated payload of `event`, alongside any
 * waiting command call.
 *
 * @returns unsubscribe
 * @example
 * ```ts
 * const stop = subscribe('miniapp-payment', (reply) => console.log(reply))
 * ```
 */
export function subscribe<T = unknown>(event: string, handler: EventHandler<T>): () => void {
  const set = subscribers.get(event) ?? new Set()
  subscribers.set(event, set)
  set.add(handler as EventHandler<never>)
  return () => {
    set.delete(handler as EventHandler<never>)
  }
}

/**
 * The host's entry point: World App calls `window.MiniKit.trigger(event, payload)`.
 * The payload is schema-checked; a malformed reply rejects the waiting call
 * with {@link MalformedReplyError} instead of reaching app code.
 *
 * @example
 * ```ts
 * trigger('miniapp-sign-message', { status: 'success', signature, address, version: 1 })
 * ```
 */
export function trigger(event: string, payload: unknown): void {
  const head = queues.get(event)?.[0]
  const waiting = head?.sent ? head : undefined
  const handlers = subscribers.get(event)
  if (!waiting && !handlers?.size) {
    console.error(`No handler for event ${event}, payload: ${stringify(payload)}`)
    return
  }
  const definition = waiting?.definition ?? definitions.get(event)
  let data = payload
  if (typeof data === 'string') {
    // Some host builds hand over JSON text instead of an object.
    try {
      data = JSON.parse(data)
    } catch {}
  }
  if (definition) {
    const result = definition.reply.safeParse(data)
    if (!result.success) {
      const details = result.error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`).join('; ')
      const error = new MalformedReplyError(event, details)
      if (waiting) waiting.settle(error)
      else console.error(error)
      return
    }
    data = result.data
  }
  const deliver = (value: unknown) => {
    waiting?.settle(undefined, value)
    for (const handler of handlers ?? []) {
      try {
        ;(handler as EventHandler<unknown>)(value)
      } catch (error) {
        console.error(`Handler for event ${event} threw`, error)
      }
    }
  }
  // Free the queue slot now so the next call can be sent while
  // post-processing (profile fetch, proof compression) runs.
  waiting?.detach()
  const after = definition?.afterReply
  if (after) after(data).then(deliver, () => deliver(data))
  else deliver(data)
}

function stringify(payload: unknown): string {
  try {
    return JSON.stringify(payload)
  } catch {
    return String(payload)
  }
}

/** Drop every queued call and subscriber; for tests and hot reload. */
export function resetEvents(): void {
  for (const queue of queues.values())
    for (const entry of [...queue]) entry.settle(new CommandAbortedError(entry.definition.method, 'reset'))
  queues.clear()
  subscribers.clear()
  definitions.clear()
}
