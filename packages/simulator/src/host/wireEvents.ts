/**
 * The DOM events a page's simulator fires on `window`: one per message it
 * receives (`detail`: `{command, version, payload}`) and one per reply it
 * sends (`detail`: `{event, payload}`). The CLI's log listens to them; a test
 * or a page may too.
 *
 * @example
 * ```ts
 * addEventListener(WIRE_EVENTS.reply, (event) => console.log((event as CustomEvent).detail.event))
 * ```
 */
export const WIRE_EVENTS = { command: 'worldmap-simulator:command', reply: 'worldmap-simulator:reply' } as const
