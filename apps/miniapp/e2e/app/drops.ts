// Map helpers shared by the game's end-to-end tests: where the drops are on
// screen, which database paths the page listened to, a spawn window with
// room left to play in, and a drop written right beside a player.
import {
  cellOf,
  type DropKind,
  databasePaths,
  EARTH_RADIUS_METERS,
  formatDropId,
  type LatLng,
  type Rarity,
  SPAWN_WINDOW_MS,
  spawnWindowOf,
  watchCellOf,
} from '@worldmap/game'
import type { Locator, Page, Response } from 'playwright-core'
import { expect } from 'vitest'
import { openStackDatabase, stackRegionRouter } from './chaos/chaos.js'
import { type AppSession, databaseListens } from './harness.js'

const METERS_PER_DEGREE = (Math.PI * EARTH_RADIUS_METERS) / 180

/** `meters` due west of `from`. */
export const west = (from: LatLng, meters: number): LatLng => ({
  lat: from.lat,
  lng: from.lng - meters / (METERS_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180)),
})

/** `meters` due north of `from`. */
export const north = (from: LatLng, meters: number): LatLng => ({ lat: from.lat + meters / METERS_PER_DEGREE, lng: from.lng })

/**
 * Write a live drop at `at` into this spawn window, on the database instance that holds its cell, as a spawn
 * would; its id. For tests about what happens at a drop, not about reaching one: the player needs no walk,
 * whatever the spawn rule's density. `index` (0–9) tells a test's drops in one cell apart; ids use 90 and up,
 * far above what a spawn writes, so a spawned drop is never overwritten. `now`: the server's time (a test
 * stack's clock, `stackNow()`, when a test has moved it).
 *
 * @example
 * ```ts
 * const dropId = await seedDrop(north(start, 15), 'gem', 'rare', 0)
 * ```
 */
export async function seedDrop(at: LatLng, kind: DropKind, rarity: Rarity, index: number, now = Date.now()): Promise<string> {
  const window = spawnWindowOf(now)
  const cell = cellOf(at.lat, at.lng)
  const id = formatDropId({ cell, window: window.index, index: 90 + index })
  const admin = openStackDatabase(stackRegionRouter().instanceOfCell(cell))
  try {
    await admin.database
      .ref(databasePaths.drop(window.index, watchCellOf(at.lat, at.lng), id))
      .set({ lat: at.lat, lng: at.lng, kind, rarity, expiresAt: window.end })
  } finally {
    await admin.close()
  }
  return id
}

/** `ensureDropsNear`'s reply (docs/data-model.md). */
export interface EnsureDropsNearReply {
  window: number
  expiresAt: number
  cells: string[]
  spawned: number
}

/** A drop marker as the map draws it. */
export interface MarkerOnScreen {
  id: string
  kind: DropKind
  rarity: Rarity
  /** Metres from the player, from the marker's accessible name. */
  distance: number
  inReach: boolean
  x: number
  y: number
}

/**
 * Each test may first wait out the end of a spawn window (up to a minute) and then walks, collects and
 * spawns in real time, on a machine running the other browser tests too.
 */
export const TEST_TIMEOUT_MS = 180_000

/**
 * Room a test needs before its spawn window ends: its drops must stay live from the spawn to its last
 * check. The longest case (the spawn quota's, collect.app-e2e) took 27 s in a clean-clone CI run, so a
 * minute is over twice that. A larger margin is not free: a test that starts that close to a window's
 * end waits for the next window, up to the whole margin (it was 2 minutes in chaos/collect).
 */
export const WINDOW_MARGIN_MS = 60_000

/** Start well inside a spawn window, so the drops seen stay live for the whole test. */
export async function awayFromWindowEnd(marginMs = WINDOW_MARGIN_MS) {
  const left = SPAWN_WINDOW_MS - (Date.now() % SPAWN_WINDOW_MS)
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 500))
}

export const isEnsureDropsNear = (response: Response) => response.url().endsWith('/ensureDropsNear')

/**
 * How much faster than the app asks the simulator's desk walk ("Walk here (simulator)") goes in these tests.
 * The app walks any distance in about 10 s (`simulatedWalkSpeed`), a fixed wait that cost about 8 s per
 * walk in the suite; no test asserts the pace, only where the walk ends. 2× keeps every walk to a nearest
 * drop plausible for the server's travel gate on its own: with the spawn rule's spots ≥ 150 m apart, the
 * nearest drop is 109 m away at the median and beyond 220 m for under 1 % of places (never 300 m), and a
 * 5 s walk earns 100 m of slack + 30 m/s × 5 s = 250 m.
 */
export const DESK_WALK_HURRY = 2

/**
 * Make the simulator's desk walk in `page` {@link DESK_WALK_HURRY} times the speed the app asks for (once
 * per page load; a second call changes nothing). Call it before the player taps "Walk here".
 *
 * @example
 * ```ts
 * await hurryDeskWalk(page)
 * await sheet.getByRole('button', { name: 'Walk here (simulator)' }).click()
 * ```
 */
export function hurryDeskWalk(page: Page): Promise<void> {
  return page.evaluate((factor) => {
    const geolocation = window.worldmapSimulator?.geolocation as
      | { walk(route: { lat: number; lng: number }[], speed?: number): void; hurried?: true }
      | undefined
    if (!geolocation) throw new Error('no simulated geolocation in this page')
    if (geolocation.hurried) return
    const walk = geolocation.walk.bind(geolocation)
    geolocation.walk = (route, speed) => walk(route, speed === undefined ? undefined : speed * factor)
    geolocation.hurried = true
  }, DESK_WALK_HURRY)
}

/** The drop markers on the map (clusters aside), with their screen position and distance. */
export function markersOnScreen(page: Page): Promise<MarkerOnScreen[]> {
  return page.locator('.map-drop').evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect()
      const label = element.getAttribute('aria-label') ?? ''
      const [, amount = 'NaN', unit] = /([\d.]+) (m|km) away/.exec(label) ?? []
      const data = (element as HTMLElement).dataset
      return {
        id: data.dropId ?? '',
        kind: data.kind as DropKind,
        rarity: data.rarity as Rarity,
        distance: Number(amount) * (unit === 'km' ? 1000 : 1),
        inReach: data.inReach === 'true',
        x: box.x + box.width / 2,
        y: box.y + box.height / 2,
      }
    }),
  )
}

/** The drop paths the page listened to, each checked to be one watch cell of one window. */
export function dropListens(session: AppSession) {
  const listens = databaseListens(session.socketFrames).filter((entry) => /^drops(\/|$)/.test(entry.path))
  for (const { path } of listens) expect(path).toMatch(/^drops\/\d+\/[0-9b-hjkmnp-z]{6}$/)
  return listens
}

/**
 * Walk to the drop an open drop sheet shows (the simulator's desk walk, hurried) until the sheet says it is
 * within a few metres, then close the sheet: what a player does before the collect.
 */
export async function walkIntoReach(page: Page, sheet: Locator) {
  await hurryDeskWalk(page)
  await sheet.getByRole('button', { name: 'Walk here (simulator)' }).click()
  await page.waitForFunction(() => /^\d m away$/.test(document.querySelector('.drop-sheet-distance')?.textContent ?? ''), null, {
    timeout: 30_000,
  })
  await sheet.getByRole('button', { name: 'Close' }).click()
}
