// Differential tests of ./commands' availability helpers and isInWorldApp
// against official 2.0.3's: the same calls, compared by what they return,
// which commands they leave available, and what reaches the native handler.
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../../test/fakeHost.js'
import { importOfficial203 } from '../../test/official203.js'
import * as ours from '../exports/commands.js'

// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime.
let theirs: Record<string, any>
let names: string[]

beforeAll(async () => {
  theirs = await importOfficial203('commands')
  names = Object.keys(theirs.COMMAND_VERSIONS)
})

afterEach(() => resetAll())

// biome-ignore lint/suspicious/noExplicitAny: both modules are driven through the official's untyped call sites.
type Helpers = Record<string, any>

/** Start from nothing available in `kit`, run `act`, and return its result and what it left available. */
function run(kit: Helpers, act: (kit: Helpers) => unknown) {
  for (const name of names) kit.setCommandAvailable(name, false)
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const value = act(kit)
  const available = names.filter((name) => kit.isCommandAvailable(name))
  vi.restoreAllMocks()
  return { value, available }
}

const both = (act: (kit: Helpers) => unknown) => ({ theirs: run(theirs, act), ours: run(ours, act) })
const listing = (skip: string[] = [], version?: number) =>
  names
    .filter((name) => !skip.includes(name))
    .map((name) => ({ name, supported_versions: [version ?? theirs.COMMAND_VERSIONS[name]] }))

test('default: validateCommands with every 2.0.3 command at its version: true, all available', () => {
  const result = both((kit) => kit.validateCommands(listing()))
  expect(result.theirs).toStrictEqual({ value: true, available: names })
  expect(result.ours).toStrictEqual(result.theirs)
})

test.each([['chat'], ['pay'], ['close-miniapp']])(
  'behavior: validateCommands with %s missing: false, it stays unavailable',
  (missing) => {
    const result = both((kit) => kit.validateCommands(listing([missing])))
    expect(result.theirs).toStrictEqual({ value: false, available: names.filter((name) => name !== missing) })
    expect(result.ours).toStrictEqual(result.theirs)
  },
)

test('behavior: validateCommands with versions World App does not list: true, available anyway (only a warning)', () => {
  const result = both((kit) => kit.validateCommands(listing([], 99)))
  expect(result.theirs).toStrictEqual({ value: true, available: names })
  expect(result.ours).toStrictEqual(result.theirs)
})

test('default: setCommandAvailable and isCommandAvailable', () => {
  const result = both((kit) => {
    kit.setCommandAvailable('pay', true)
    kit.setCommandAvailable('chat', true)
    kit.setCommandAvailable('chat', false)
    return kit.isCommandAvailable('pay')
  })
  expect(result.theirs).toStrictEqual({ value: true, available: ['pay'] })
  expect(result.ours).toStrictEqual(result.theirs)
})

describe.each(['ios', 'android'] as const)('sendMiniKitEvent and isInWorldApp (%s host)', (os) => {
  test('default: the same raw message reaches the native handler; both say they run in World App', () => {
    const message = { command: 'send-haptic-feedback', version: 1, payload: { hapticsType: 'selection-changed' } }
    const host = createFakeHost({ os })
    theirs.sendMiniKitEvent(message)
    ours.sendMiniKitEvent(message)
    expect(host.raw).toHaveLength(2)
    expect(host.raw[1]).toStrictEqual(host.raw[0])
    expect(ours.isInWorldApp()).toBe(true)
    expect(theirs.isInWorldApp()).toBe(true)
  })
})

test('behavior: outside World App isInWorldApp is false in both, and sendMiniKitEvent sends nothing', () => {
  expect({ theirs: theirs.isInWorldApp(), ours: ours.isInWorldApp() }).toStrictEqual({ theirs: false, ours: false })
  expect(() => theirs.sendMiniKitEvent({ command: 'pay', payload: {} })).not.toThrow()
  expect(() => ours.sendMiniKitEvent({ command: 'pay', payload: {} })).not.toThrow()
})

test('behavior: a command the list lacks but was available: the official keeps it available, ours not (the listed difference)', () => {
  const act = (kit: Helpers) => {
    kit.setCommandAvailable('pay', true)
    return kit.validateCommands(listing(['pay']))
  }
  const result = both(act)
  expect(result.theirs).toStrictEqual({ value: false, available: names })
  expect(result.ours).toStrictEqual({ value: false, available: names.filter((name) => name !== 'pay') })
})
