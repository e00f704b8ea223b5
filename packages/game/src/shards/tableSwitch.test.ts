import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SPAWN_WINDOW_MS } from '../drops/spawnWindow.js'
import { InvalidTableSwitchError } from '../errors/InvalidTableSwitchError.js'
import { weekOf } from '../time/weekOf.js'
import { createSwitchedRouter, PLAYER_MOVE_GRACE_MS } from './tableSwitch.js'

const MAIN = 'https://wm-main.firebasedatabase.app'
const P1 = 'https://wm-p1.firebasedatabase.app'
const P2 = 'https://wm-p2.firebasedatabase.app'
const SEA = 'https://wm-sea.firebasedatabase.app'
const LB1 = 'https://wm-lb1.firebasedatabase.app'
const LB2 = 'https://wm-lb2.firebasedatabase.app'
// A Wednesday midnight: mid-week, so the leaderboard waits for Monday.
const AT = Date.UTC(2026, 11, 9)
const current = { players: [P1], leaderboards: [LB1] }
const next = { regions: { w21: SEA }, players: [P1, P2], leaderboards: [LB1, LB2] }
const uids = Array.from({ length: 400 }, (_, index) => `0x${(index * 40_503 + 7).toString(16).padStart(40, '0')}`)

describe('createSwitchedRouter', () => {
  it('without a switch, is the current table at every time', () => {
    const router = createSwitchedRouter(MAIN, current)
    expect(router.forWindow(1).instanceOfCell('w21z73')).toBe(MAIN)
    expect(router.playerAt(uids[0] as string, AT * 2)).toEqual({ instance: P1, from: null })
    expect(router.playersMoveAt).toBeNull()
  })

  it('routes a region by the window its data belongs to: the switch window and later on the next table, earlier on the current', () => {
    const router = createSwitchedRouter(MAIN, current, { at: AT, next })
    const switchWindow = AT / SPAWN_WINDOW_MS
    expect(router.forWindow(switchWindow - 1).instanceOfCell('w21z73')).toBe(MAIN)
    expect(router.forWindow(switchWindow).instanceOfCell('w21z73')).toBe(SEA)
    expect(router.forWindow(switchWindow - 1).instanceOfDrop(`w21z73t_${switchWindow - 1}_0`)).toBe(MAIN)
  })

  it('keeps a week that began before the switch on its leaderboard instances; the next Monday uses the new ones', () => {
    const router = createSwitchedRouter(MAIN, current, { at: AT, next })
    const week = weekOf(AT).index
    expect(router.forWeek(week).instanceOfCounterShard(1)).toBe(LB1)
    expect(router.forWeek(week + 1).instanceOfCounterShard(1)).toBe(LB2)
    const monday = weekOf(AT).endsAt
    expect(
      createSwitchedRouter(MAIN, current, { at: monday, next })
        .forWeek(week + 1)
        .instanceOfCounterShard(1),
    ).toBe(LB2)
  })

  it('keeps every player on the current table until the grace after the switch; then those whose instance changes move from it', () => {
    const router = createSwitchedRouter(MAIN, current, { at: AT, next })
    for (const uid of uids) expect(router.playerAt(uid, AT + PLAYER_MOVE_GRACE_MS - 1)).toEqual({ instance: P1, from: null })
    const after = uids.map((uid) => router.playerAt(uid, AT + PLAYER_MOVE_GRACE_MS))
    const moving = after.filter((place) => place.from !== null)
    for (const place of moving) expect(place).toEqual({ instance: P2, from: P1 })
    for (const place of after.filter((each) => each.from === null)) expect(place.instance).toBe(P1)
    // Rendezvous hashing: the new instance takes about half, none of the others move.
    expect(moving.length).toBeGreaterThan(uids.length * 0.4)
    expect(moving.length).toBeLessThan(uids.length * 0.6)
    expect(router.all).toEqual([MAIN, P1, LB1, SEA, P2, LB2])
  })

  it('refuses a switch that is not at a UTC midnight (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 86_400_000 - 1 }), (offset) => {
        expect(() => createSwitchedRouter(MAIN, current, { at: AT + offset, next })).toThrow(InvalidTableSwitchError)
      }),
    )
    expect(() => createSwitchedRouter(MAIN, current, { at: Number.NaN, next })).toThrow(InvalidTableSwitchError)
  })
})
