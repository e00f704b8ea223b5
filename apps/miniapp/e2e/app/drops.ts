// Map helpers shared by the game's end-to-end tests: where the drops are on
// screen, which database paths the page listened to, and a spawn window with
// room left to play in.
import { type DropKind, EARTH_RADIUS_METERS, type LatLng, type Rarity, SPAWN_WINDOW_MS } from '@worldmap/game'
import type { Page, Response } from 'playwright-core'
import { expect } from 'vitest'
import { type AppSession, databaseListens } from './harness.js'

const METERS_PER_DEGREE = (Math.PI * EARTH_RADIUS_METERS) / 180

/** `meters` due west of `from`. */
export const west = (from: LatLng, meters: number): LatLng => ({
  lat: from.lat,
  lng: from.lng - meters / (METERS_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180)),
})

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

/** Start well inside a spawn window, so the drops seen stay live for the whole test. */
export async function awayFromWindowEnd(marginMs: number) {
  const left = SPAWN_WINDOW_MS - (Date.now() % SPAWN_WINDOW_MS)
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 500))
}

export const isEnsureDropsNear = (response: Response) => response.url().endsWith('/ensureDropsNear')

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
