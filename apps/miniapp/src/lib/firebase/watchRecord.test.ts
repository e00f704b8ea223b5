import { databasePaths } from '@worldmap/game'
import { liveRecords } from '@worldmap/game/contract'
import { expect, expectTypeOf, test, vi } from 'vitest'
import type { DatabaseTarget } from './WatchValue.js'
import { watchRecord } from './watchRecord.js'

const UID = '0x00000000000000000000000000000000000A11cE'

/** A fake watch: the paths it was asked for, and a push for the latest one. */
function fakeWatch() {
  let push: (value: unknown) => void = () => {}
  const stop = vi.fn()
  const watch = vi.fn(
    (_path: string, onValue: (value: unknown) => void, _onError: (error: Error) => void, _target?: DatabaseTarget) => {
      push = onValue
      return stop
    },
  )
  return { watch, stop, push: (value: unknown) => push(value) }
}

test('default: listens at the row path and delivers each stored value as the row reads it, typed by the row', () => {
  const fake = fakeWatch()
  const onValue = vi.fn()
  const stop = watchRecord(
    fake.watch,
    liveRecords.verifiedLevel,
    [UID],
    (level, problem) => {
      expectTypeOf(level).toEqualTypeOf<'device' | 'document' | 'secure_document' | 'orb' | null>()
      onValue(level, problem)
    },
    () => {},
  )
  expect(fake.watch.mock.calls.map((call) => call.slice(0, 1))).toEqual([[databasePaths.verifiedLevel(UID)]])
  // A player's record: on that player's instance.
  expect(fake.watch.mock.calls[0]?.[3]).toEqual({ player: UID })
  fake.push('orb')
  fake.push('gold')
  expect(onValue.mock.calls).toEqual([
    ['orb', undefined],
    [null, undefined],
  ])
  stop()
  expect(fake.stop).toHaveBeenCalledOnce()
})

test('behavior: the path arguments reach the reader too, and an instance is passed on', () => {
  const fake = fakeWatch()
  const onValue = vi.fn()
  const record = { lat: 1.3, lng: 103.8, kind: 'gem', rarity: 'rare', expiresAt: 5 }
  watchRecord(fake.watch, liveRecords.dropsCell, [997_459, 'w21z73'], onValue, () => {}, 'https://asia.example')
  expect(fake.watch.mock.calls[0]?.[0]).toBe(databasePaths.dropsCell(997_459, 'w21z73'))
  expect(fake.watch.mock.calls[0]?.[3]).toBe('https://asia.example')
  fake.push({ w21z73t_997459_3: record, w21z74t_997459_3: record })
  expect(onValue).toHaveBeenCalledWith([{ id: 'w21z73t_997459_3', ...record }], undefined)
})

test('error: a row that says why a stored value read as nothing passes it on; no value at all is no problem', () => {
  const fake = fakeWatch()
  const onValue = vi.fn()
  watchRecord(fake.watch, liveRecords.progress, [UID], onValue, () => {})
  fake.push(null)
  fake.push({ day: 'yesterday' })
  expect(onValue.mock.calls[0]).toEqual([null, undefined])
  expect(onValue.mock.calls[1]?.[0]).toBeNull()
  expect(onValue.mock.calls[1]?.[1]).toBeInstanceOf(Error)
})

test('error: a failed read reaches onError', () => {
  const onError = vi.fn()
  const failure = new Error('permission_denied')
  watchRecord(
    (_path, _onValue, fail) => {
      fail(failure)
      return () => {}
    },
    liveRecords.inventory,
    [UID],
    () => {},
    onError,
  )
  expect(onError).toHaveBeenCalledWith(failure)
})

test.each([
  ['verifiedLevel', liveRecords.verifiedLevel, [UID], databasePaths.verifiedLevel(UID)],
  ['progress', liveRecords.progress, [UID], databasePaths.progress(UID)],
  ['inventory', liveRecords.inventory, [UID], databasePaths.inventory(UID)],
  ['streakDrops', liveRecords.streakDrops, [UID], databasePaths.streakDrops(UID)],
  ['spotFinds', liveRecords.spotFinds, [20_412, UID], databasePaths.spotFinds(20_412, UID)],
] as const)('behavior: %s is read on its player’s instance, the uid taken from the path arguments', (_name, row, args, path) => {
  const fake = fakeWatch()
  watchRecord(
    fake.watch,
    row as typeof liveRecords.spotFinds,
    args as unknown as [number, string],
    () => {},
    () => {},
  )
  expect(fake.watch.mock.calls).toEqual([[path, expect.any(Function), expect.any(Function), { player: UID }]])
})

test('behavior: a region’s cell is read where its caller says, and on main (no target at all) when it names none', () => {
  const fake = fakeWatch()
  watchRecord(
    fake.watch,
    liveRecords.dropsCell,
    [997_459, 'w21z73'],
    () => {},
    () => {},
  )
  expect(fake.watch.mock.calls[0]).toHaveLength(3)
})

test('behavior: a target the caller names wins over the player’s', () => {
  const fake = fakeWatch()
  watchRecord(
    fake.watch,
    liveRecords.inventory,
    [UID],
    () => {},
    () => {},
    'https://other.example',
  )
  expect(fake.watch.mock.calls[0]?.[3]).toBe('https://other.example')
})
