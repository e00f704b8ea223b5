import { COLLECT_REACH_METERS, EARTH_RADIUS_METERS, type LatLng, MAX_ACCURACY_METERS, type MapDrop } from '@worldmap/game'
import { describe, expect, test } from 'vitest'
import { en } from '../../lib/i18n/catalogues/en/index.js'
import { es } from '../../lib/i18n/catalogues/es/index.js'
import { translatorFor } from '../../lib/i18n/index.js'
import { CollectDropError } from '../collect/CollectDropError.js'
import { type DropSheetInput, getDropSheetState } from './getDropSheetState.js'

const METERS_PER_DEGREE = (Math.PI * EARTH_RADIUS_METERS) / 180
const here = { lat: 1.2834, lng: 103.8607 }
const north = (meters: number): LatLng => ({ lat: here.lat + meters / METERS_PER_DEGREE, lng: here.lng })
const near: MapDrop = { id: 'near', ...north(20), kind: 'gem', rarity: 'rare', expiresAt: Number.MAX_SAFE_INTEGER }
const far: MapDrop = { ...near, id: 'far', ...north(400) }

/** A located player 20 m from `near`, online, verified, with no collect out. */
const input = (overrides: Partial<DropSheetInput> = {}): DropSheetInput => ({
  selected: near,
  fix: { ...here, accuracy: 10 },
  position: { status: 'located', ...here, accuracy: 10 },
  drops: [near, far],
  collect: { status: 'idle' },
  deviceOffline: false,
  humanVerified: true,
  t: translatorFor({ locale: 'en', messages: en }),
  locale: 'en',
  ...overrides,
})

test('default: a drop in reach with a good fix can be collected', () => {
  const state = getDropSheetState(input())
  expect({ ...state, distance: Math.round(state.distance ?? -1) }).toEqual({
    distance: 20,
    hint: null,
    canCollect: true,
    busy: false,
    error: null,
    retry: false,
    waiting: false,
    verifyFirst: false,
  })
})

describe('behavior: Collect is off, and the hint says why, first reason first', () => {
  test.each([
    ['gone from the map', { drops: [far] }, 'This drop is no longer here.'],
    [
      'off the map: its spot found today, on another phone',
      { drops: [far], onFoundSpot: true },
      'You already found the drop here today — new spots appear tomorrow.',
    ],
    ['device offline', { deviceOffline: true }, "You're offline. You can collect once you're back online."],
    ['locating', { fix: null, position: { status: 'locating' } }, 'Finding your location…'],
    ['no location', { fix: null, position: { status: 'denied' } }, 'Turn on location to collect drops.'],
    [
      'a coarse fix',
      { fix: { ...here, accuracy: MAX_ACCURACY_METERS + 0.6 } },
      `Waiting for a more accurate location (±${Math.round(MAX_ACCURACY_METERS + 0.6)} m).`,
    ],
    ['out of reach', { selected: far }, `Move within ${COLLECT_REACH_METERS} m to collect.`],
  ] as const)('%s', (_, overrides, hint) => {
    const state = getDropSheetState(input(overrides as Partial<DropSheetInput>))
    expect(state.hint).toBe(hint)
    expect(state.canCollect).toBe(false)
  })

  test('gone from the map but our own collect is out: not "no longer here"', () => {
    const state = getDropSheetState(input({ drops: [far], collect: { status: 'busy', dropId: 'near' } }))
    expect(state.hint).toBeNull()
    expect(state.busy).toBe(true)
  })
})

test('behavior: without a fix the distance is unknown', () => {
  expect(getDropSheetState(input({ fix: null, position: { status: 'denied' } })).distance).toBeNull()
})

test('behavior: a collect of another drop does not show on this sheet', () => {
  const state = getDropSheetState(input({ collect: { status: 'failed', dropId: 'far', error: new CollectDropError('network') } }))
  expect([state.busy, state.error, state.retry]).toEqual([false, null, false])
})

test('behavior: an unsettled failure offers Try again; offline it waits for a connection', () => {
  const error = new CollectDropError('network')
  const failed = getDropSheetState(input({ collect: { status: 'failed', dropId: 'near', error } }))
  expect([failed.error, failed.retry, failed.waiting]).toEqual([error.message, true, false])
  const offline = getDropSheetState(input({ deviceOffline: true, collect: { status: 'slow', dropId: 'near', error } }))
  expect([offline.retry, offline.waiting]).toEqual([true, true])
})

test('behavior: a refusal for good is said, without Try again', () => {
  const error = new CollectDropError('drop_expired')
  const state = getDropSheetState(input({ collect: { status: 'failed', dropId: 'near', error }, deviceOffline: true }))
  expect([state.error, state.retry, state.waiting]).toEqual([error.message, false, false])
})

describe('behavior: verify first', () => {
  const notVerified = { status: 'failed', dropId: 'near', error: new CollectDropError('not_verified') } as const
  test.each([
    ['known unverified', { humanVerified: false }, true],
    ['unknown', { humanVerified: undefined }, false],
    ['the server said so, not known', { humanVerified: undefined, collect: notVerified }, true],
    ['the server said so, known verified', { humanVerified: true, collect: notVerified }, false],
  ] as const)('%s', (_, overrides, verifyFirst) => {
    expect(getDropSheetState(input(overrides as Partial<DropSheetInput>)).verifyFirst).toBe(verifyFirst)
  })
})

test("behavior: the hint and the error are in the player's language, the wait in its units", () => {
  const words = { t: translatorFor({ locale: 'es', messages: es }), locale: 'es' } as const
  expect(getDropSheetState(input({ ...words, selected: far })).hint).toBe('Acércate a menos de 50 m para recoger.')
  const error = new CollectDropError('rate_limited', { retryAfterMs: 90_000 })
  expect(getDropSheetState(input({ ...words, collect: { status: 'failed', dropId: 'near', error } })).error).toBe(
    'Estás recogiendo muy rápido. Inténtalo de nuevo en 2 min.',
  )
  // English keeps the error's own words.
  expect(getDropSheetState(input({ collect: { status: 'failed', dropId: 'near', error } })).error).toBe(error.message)
})
