// Helpers for command tests: installing a fake host, and property runs that
// push arbitrary input through a public command and hold the result against
// the host contract.
import fc from 'fast-check'
import type { BaseError } from '../src/errors/BaseError.js'
import { InvalidPayloadError } from '../src/errors/InvalidPayloadError.js'
import { install } from '../src/install.js'
import { state } from '../src/state.js'
import type { HostMessage } from '../src/transport/postToHost.js'
import { contractProblems, type WireCommand } from '../src/wire/hostContract.js'
import { createFakeHost, EVENT_OF, type FakeHost, type FakeHostOptions, resetAll } from './fakeHost.js'

export type Os = 'ios' | 'android'

/** Let one round of timers run (fake-host replies are sent from a timer). */
export const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * Reset everything, create a fake host and install against it. Waits until
 * install's own background get-permissions call has been answered, so the
 * host's message log afterwards only holds what the test sends.
 */
export async function installHost(options: FakeHostOptions = {}): Promise<FakeHost> {
  resetAll()
  const host = createFakeHost(options)
  const result = install({ appId: 'app_test_minikit' })
  if (!result.success) throw new Error(`install failed: ${result.errorCode}`)
  await flush()
  await flush()
  return host
}

/** Reply builders per wire command; `undefined` = do not answer. */
export type Replies = Partial<Record<WireCommand, (message: HostMessage) => unknown>>

/** A host installed once per file, switchable between iOS and Android per run. */
export interface PropertyHost {
  host: FakeHost
  readonly os: Os
  setOs(os: Os): void
}

type HostGlobals = { webkit?: unknown; Android?: unknown }

/**
 * Install one fake host for a whole property test. Replies are delivered in
 * a microtask (a timer per run would make 10 000 runs take seconds), and the
 * platform is swapped by moving the native handler, without reinstalling.
 */
export async function installPropertyHost(replies: Replies): Promise<PropertyHost> {
  const host = await installHost({ os: 'ios' })
  const w = window as unknown as HostGlobals
  const receive = (w.webkit as { messageHandlers: { minikit: { postMessage(message: unknown): void } } }).messageHandlers.minikit
    .postMessage
  let current: Os = 'ios'
  for (const [command, build] of Object.entries(replies)) {
    host.respond[command] = (message) => {
      const payload = build(message)
      const event = EVENT_OF[command] as string
      if (payload !== undefined) queueMicrotask(() => host.reply(event, payload))
      return undefined
    }
  }
  return {
    host,
    get os() {
      return current
    },
    setOs(os) {
      if (os === current) return
      current = os
      if (os === 'ios') {
        w.webkit = { messageHandlers: { minikit: { postMessage: receive } } }
        delete w.Android
      } else {
        w.Android = { postMessage: receive }
        delete w.webkit
      }
      state.deviceProperties = { ...state.deviceProperties, deviceOS: os }
    },
  }
}

/** Keys that trip naive code (`in`, `String()`, prototype lookups) plus the commands' own field names. */
export const TRICKY_KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'value', 'length', 'then']

/**
 * Arbitrary values, bigints and null-prototype objects included, whose keys
 * are often the given field names, so that fc.anything() reaches past the
 * first type check now and then.
 */
export function anyInput(fields: readonly string[] = [], extra: fc.Arbitrary<unknown>[] = []): fc.Arbitrary<unknown> {
  return fc.anything({
    key: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...TRICKY_KEYS, ...fields)),
    values: [
      fc.boolean(),
      fc.integer(),
      fc.double(),
      fc.string(),
      fc.constant(null),
      fc.constant(undefined),
      fc.bigInt(),
      ...extra,
    ],
    withBigInt: true,
    withNullPrototype: true,
    maxDepth: 3,
    maxKeys: 6,
  })
}

/** One part arbitrary input to three parts near-valid input. */
export function mixedInput<T>(nearValid: fc.Arbitrary<T>, fields: readonly string[] = []): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 1, arbitrary: anyInput(fields) }, { weight: 3, arbitrary: nearValid as fc.Arbitrary<unknown> })
}

function describeValue(value: unknown): string {
  if (value instanceof Error) return `${value.constructor.name}: ${value.message}`
  try {
    return JSON.stringify(value, (_key, inner) => (typeof inner === 'bigint' ? `${inner}n` : inner))
  } catch {
    return String(value)
  }
}

export interface RunOptions<T> {
  /** The class every rejection must be an instance of (default InvalidPayloadError). */
  errorClass?: abstract new (
    ...args: never[]
  ) => BaseError
  /** Extra checks on a resolved run: the result and the single message sent. */
  check?: (result: T, message: HostMessage) => void
}

/**
 * Run one command call and judge it: either it rejected with a typed error
 * and sent nothing, or it sent exactly one message of `command` whose
 * payload the host contract accepts, and then resolved.
 *
 * @returns 'sent' or 'rejected', for counting
 */
export async function judgeRun<T>(
  host: FakeHost,
  command: WireCommand,
  run: () => Promise<T>,
  options: RunOptions<T> = {},
): Promise<'sent' | 'rejected'> {
  const before = host.messages.length
  let result: { ok: true; value: T } | { ok: false; error: unknown }
  try {
    result = { ok: true, value: await run() }
  } catch (error) {
    result = { ok: false, error }
  }
  const sent = host.messages.slice(before)
  if (!result.ok) {
    const errorClass = options.errorClass ?? InvalidPayloadError
    if (!(result.error instanceof errorClass)) throw new Error(`untyped rejection: ${describeValue(result.error)}`)
    if (sent.length > 0) throw new Error(`rejected (${describeValue(result.error)}) but sent ${describeValue(sent)}`)
    return 'rejected'
  }
  if (sent.length !== 1) throw new Error(`resolved after sending ${sent.length} messages`)
  const message = sent[0] as HostMessage
  if (message.command !== command) throw new Error(`sent ${message.command}, expected ${command}`)
  const problems = contractProblems(command, message.payload)
  if (problems.length)
    throw new Error(`payload breaks the host contract: ${problems.join('; ')}\n${describeValue(message.payload)}`)
  options.check?.(result.value, message)
  return 'sent'
}

/** Tally of a property test's outcomes. */
export interface Tally {
  sent: number
  rejected: number
}

export const newTally = (): Tally => ({ sent: 0, rejected: 0 })

/** Fast-check's OS arbitrary. */
export const osArb: fc.Arbitrary<Os> = fc.constantFrom<Os>('ios', 'android')

/** Property runs per command (PROPERTY_RUNS overrides it for a longer local fuzz). */
export const NUM_RUNS = Number(process.env.PROPERTY_RUNS) || 10_000
