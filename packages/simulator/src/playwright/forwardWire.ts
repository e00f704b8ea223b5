import type { BrowserContext } from 'playwright-core'
import { z } from 'zod'
import { WIRE_EVENTS } from '../host/wireEvents.js'

/** One message that crossed the wire, as the page's simulator announced it; `at` is when Node heard of it. */
export type WireLogEntry =
  | { type: 'command'; at: number; command: string; version?: number | undefined; payload: unknown }
  | { type: 'reply'; at: number; event: string; payload: Record<string, unknown> }

// The page controls what reaches the binding (it can call it itself): checked before anyone prints it.
const wireEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('command'), command: z.string().max(200), version: z.number().optional(), payload: z.unknown() }),
  z.object({ type: z.literal('reply'), event: z.string().max(200), payload: z.record(z.string(), z.unknown()) }),
])

const BINDING = '__worldmapSimulatorWire'

// Runs in every page before its scripts: forwards the simulator's wire events to Node as plain JSON
// (a shared File becomes its name, type and size). The binding is taken now, before the page can replace it.
const FORWARDER = `(() => {
  const send = window.${BINDING}
  if (typeof send !== 'function') return
  const plain = (value) => {
    try {
      return JSON.parse(JSON.stringify(value, (_key, item) =>
        typeof Blob !== 'undefined' && item instanceof Blob ? { file: item.name || 'blob', type: item.type, size: item.size } : item))
    } catch { return null }
  }
  addEventListener(${JSON.stringify(WIRE_EVENTS.command)}, (event) => send({ type: 'command', ...plain(event.detail) }))
  addEventListener(${JSON.stringify(WIRE_EVENTS.reply)}, (event) => send({ type: 'reply', ...plain(event.detail) }))
})()`

/**
 * Hand every wire message and reply of the context's pages to `listener`, in
 * Node: the commands the app sent and what the simulator answered. Call it
 * before the first page opens. What arrives is checked (the page could call
 * the binding itself); anything malformed is dropped.
 *
 * @example
 * ```ts
 * await forwardWire(context, (entry) => console.log(entry.type, entry.type === 'command' ? entry.command : entry.event))
 * ```
 */
export async function forwardWire(context: BrowserContext, listener: (entry: WireLogEntry) => void): Promise<void> {
  await context.exposeBinding(BINDING, (_source, raw: unknown) => {
    const parsed = wireEventSchema.safeParse(raw)
    if (parsed.success) listener({ ...parsed.data, at: Date.now() } as WireLogEntry)
  })
  await context.addInitScript({ content: FORWARDER })
}
