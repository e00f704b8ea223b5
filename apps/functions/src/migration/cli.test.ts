import { createDatabaseRouter, databasePaths, PLAYER_MOVE_GRACE_MS } from '@worldmap/game'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { movePath } from '../database/movePlayer.js'
import { startTestDatabase, type TestDatabase } from '../database/testing/startTestDatabase.js'
import { migrateCli } from './cli.js'

const AT = Date.UTC(2026, 11, 14)
const uids = Array.from({ length: 30 }, (_, index) => `0x${(index * 977 + 3).toString(16).padStart(40, '0')}`)

let main: TestDatabase
let p1: TestDatabase
let p2: TestDatabase
let env: Record<string, string>
beforeAll(async () => {
  ;[main, p1, p2] = await Promise.all([startTestDatabase(), startTestDatabase(), startTestDatabase()])
  await p1.database.ref().update(Object.fromEntries(uids.map((uid) => [databasePaths.profile(uid), { verifiedLevel: 'orb' }])))
  env = {
    WORLDMAP_DATABASE_MAIN: main.url,
    WORLDMAP_DATABASE_PLAYERS: p1.url,
    WORLDMAP_DATABASE_NEXT_PLAYERS: `${p1.url},${p2.url}`,
    WORLDMAP_DATABASE_SWITCH_DAY: '2026-12-14',
  }
})
afterAll(() => Promise.all([main, p1, p2].map((instance) => instance?.close())))

const run = async (argv: string[], environment: Record<string, string>, now = AT + PLAYER_MOVE_GRACE_MS) => {
  const lines: string[] = []
  const code = await migrateCli(
    argv,
    environment,
    (line) => lines.push(line),
    () => now,
  )
  return { code, out: lines.join('\n') }
}

describe('pnpm db:migrate', () => {
  test('default: a dry run prints the plan and writes nothing', async () => {
    const movers = uids.filter(
      (uid) => createDatabaseRouter(main.url, { players: [p1.url, p2.url] }).instanceOfPlayer(uid) === p2.url,
    )
    const { code, out } = await run([], env)
    expect(code).toBe(0)
    expect(out).toContain(
      'dry run — nothing written. The switch: 2026-12-14T00:00:00.000Z; players move from 2026-12-14T00:10:00.000Z.',
    )
    expect(out).toContain(`players: ${movers.length} move ${p1.url} → ${p2.url}`)
    expect(out).toContain(`players staying: ${uids.length - movers.length}`)
    expect(await p2.read('profiles')).toBeNull()
  })

  test('error: --run before the grace exits 2 and moves nobody', async () => {
    const { code, out } = await run(['--run'], env, AT + 60_000)
    expect(code).toBe(2)
    expect(out).toMatch(/^Players cannot be moved yet\./)
    expect(await p2.read('profiles')).toBeNull()
  })

  test('behavior: --run moves them; a second run moves nobody', async () => {
    const first = await run(['--run'], env)
    expect(first.code).toBe(0)
    expect(first.out).toMatch(/^moved \d+ players \(\d+ records, \d+ bytes\); already there 0; still held 0; failed 0$/)
    const second = await run(['--run'], env)
    expect(second.out).toBe('moved 0 players (0 records, 0 bytes); already there 0; still held 0; failed 0')
  })

  test.each([
    ['no main instance', { WORLDMAP_DATABASE_MAIN: '' }, 'WORLDMAP_DATABASE_MAIN'],
    ['a switch that is not a day', { WORLDMAP_DATABASE_SWITCH_DAY: '2026-12-14T03:00' }, 'WORLDMAP_DATABASE_SWITCH_DAY'],
    ['a remote http instance', { WORLDMAP_DATABASE_NEXT_PLAYERS: 'http://wm-p2.example.com' }, 'WORLDMAP_DATABASE_NEXT_PLAYERS'],
  ])('error: %s exits 2 naming the variable, never its value', async (_, change, variable) => {
    const { code, out } = await run([], { ...env, ...change })
    expect(code).toBe(2)
    expect(out).toContain(variable)
    expect(out).not.toContain('example.com')
  })

  test('behavior: --clean refuses while the switch is set, then, with the next table promoted, deletes the move records', async () => {
    const moved = uids.filter(
      (uid) => createDatabaseRouter(main.url, { players: [p1.url, p2.url] }).instanceOfPlayer(uid) === p2.url,
    )
    await run(['--run'], env)
    expect(await p2.read(movePath(moved[0] as string))).toMatchObject({ state: 'arrived' })

    const live = await run(['--clean'], env)
    expect(live.code).toBe(2)
    expect(live.out).toContain('WORLDMAP_DATABASE_SWITCH_DAY')
    expect(live.out).toContain('still set')
    expect(live.out).toContain('WORLDMAP_DATABASE_NEXT_PLAYERS')

    // The switch's old table, promoted by mistake without the next one: every tombstone is kept and named.
    const unpromoted = await run(['--clean'], { WORLDMAP_DATABASE_MAIN: main.url, WORLDMAP_DATABASE_PLAYERS: p1.url })
    expect(unpromoted.code).toBe(1)
    expect(unpromoted.out).toContain(`deleted 0 move records; kept ${moved.length}`)
    expect(unpromoted.out).toContain(`kept ${moved[0]} on ${p1.url}: gone from its home`)

    const promoted = { WORLDMAP_DATABASE_MAIN: main.url, WORLDMAP_DATABASE_PLAYERS: `${p1.url},${p2.url}` }
    const done = await run(['--clean'], promoted)
    expect(done).toEqual({ code: 0, out: `deleted ${2 * moved.length} move records; kept 0` })
    expect(await p1.read('moves')).toBeNull()
    expect(await p2.read('moves')).toBeNull()
    expect(Object.keys((await p2.read('profiles')) as Record<string, unknown>).sort()).toEqual([...moved].sort())
  })

  test('error: --run with --clean exits 2 and writes nothing', async () => {
    const { code, out } = await run(['--run', '--clean'], env)
    expect(code).toBe(2)
    expect(out).toContain('one at a time')
  })
})
