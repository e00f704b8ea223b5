// Test-only: players on the local stack, signed in and verified the real way,
// and drops placed as the server writes them (for *.emulator.test.ts).
import { randomBytes } from 'node:crypto'
import {
  cellOf,
  databasePaths,
  formatDropId,
  LEADERBOARD_BLOCK_POINTS,
  SPAWN_WINDOW_MS,
  spawnWindowOf,
  WATCH_CELL_PRECISION,
} from '@worldmap/game'
import { hashToField } from '@worldmap/minikit'
import { createSimulatedIdentity } from '@worldmap/simulator'
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions'
import { getAddress, toHex } from 'viem'
import type { EnsureDropsNearResult } from '../src/callables/createEnsureDropsNearHandler.js'
import type { CollectDropResult } from '../src/database/collectDropInDatabase.js'
import { type Databases, gameDatabasesOf } from '../src/database/gameDatabases.js'
import type { LeaderboardResult } from '../src/database/readLeaderboard.js'
import { counterShardOf } from '../src/database/syncLeaderboardScore.js'
import { type createAdmin, createClient, readOnce, readTestStack } from './testStack.js'

/** What the local stack configures (WORLDMAP_VERIFIER=simulator, default app id and action). */
const appId = 'app_staging_worldmap'
const action = 'verify-human'

export const randomUid = () => getAddress(toHex(randomBytes(20)))

/** The collect request the app sends. */
export interface CollectDropData {
  dropId: string
  lat: number
  lng: number
  accuracy: number
  timeZone?: string
}

/**
 * Sign in through the Auth emulator; the callables on the Functions emulator.
 * Register `close()` for afterAll.
 */
export async function signIn(admin: ReturnType<typeof createAdmin>, uid = randomUid()) {
  const stack = readTestStack()
  const client = await createClient(await admin.mintCustomToken(uid))
  const functions = getFunctions(client.app, 'asia-southeast1')
  connectFunctionsEmulator(functions, '127.0.0.1', stack.ports.functions)
  return {
    uid,
    client,
    ensureDropsNear: httpsCallable<{ lat: number; lng: number }, EnsureDropsNearResult>(functions, 'ensureDropsNear'),
    collectDrop: httpsCallable<CollectDropData, CollectDropResult>(functions, 'collectDrop'),
    getLeaderboard: httpsCallable<unknown, LeaderboardResult>(functions, 'getLeaderboard'),
    verifyHuman: httpsCallable<unknown, { verifiedLevel: string }>(functions, 'verifyHuman'),
    close: () => client.close(),
  }
}

/** A signed-in player. */
export type Player = Awaited<ReturnType<typeof signIn>>

/**
 * Verify through the real `verifyHuman` (simulated World ID) at `level`, then
 * put a username and avatar on the public card with the Admin SDK, as the
 * server does with what World's usernames service says of the wallet (the
 * stack has no usernames service, and clients cannot write the card).
 * Resolves the player's public id.
 */
export async function verify(
  admin: ReturnType<typeof createAdmin>,
  player: Player,
  level: 'orb' | 'device',
  card: { username?: string; profilePictureUrl?: string },
): Promise<string> {
  const proof = await createSimulatedIdentity({ seed: `emulator-${player.uid}` }).prove({
    appId,
    action,
    signalHash: hashToField(player.uid),
    level,
  })
  await player.verifyHuman({ ...proof, status: 'success' })
  const publicId = (await readOnce<string>(admin.databases.ofPlayer(player.uid), `profiles/${player.uid}/publicId`)) as string
  await admin.database.ref(`publicProfiles/${publicId}`).update({
    username: card.username ?? null,
    profilePictureUrl: card.profilePictureUrl ?? null,
  })
  return publicId
}

/**
 * Never start a step that must stay inside one spawn window right before the
 * window ends: waits for the next window when less than `marginMs` is left.
 * A step that runs for minutes on a loaded machine (the crowd tests) passes
 * a margin longer than its own run.
 */
export async function awayFromWindowEnd(marginMs = 20_000) {
  const left = SPAWN_WINDOW_MS - (Date.now() % SPAWN_WINDOW_MS)
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100))
}

/** Drop ids this process placed: two drops side by side share a spawn cell, and must not share an id. */
const placed = new Set<string>()

/**
 * A live drop written as the server would (its public record), at `at`
 * (default: a random spot in Singapore). Indexes 10–99: never one the
 * spawner uses (0–4), nor one placed or claimed before.
 */
export async function placeDrop(
  databases: Databases,
  at?: { lat: number; lng: number },
  what: { kind: string; rarity: string } = { kind: 'compass', rarity: 'legendary' },
) {
  const { lat, lng } = at ?? { lat: 1.29 + Math.random() / 100, lng: 103.85 + Math.random() / 100 }
  const { index: window, end } = spawnWindowOf(Date.now())
  const cell = cellOf(lat, lng)
  const database = gameDatabasesOf(databases).ofCell(cell, window)
  let dropId = ''
  for (const index of Array.from({ length: 90 }, (_, offset) => 10 + offset).sort(() => Math.random() - 0.5)) {
    dropId = formatDropId({ cell, window, index })
    if (!placed.has(dropId) && (await readOnce(database, databasePaths.claim(window, dropId))) === null) break
  }
  placed.add(dropId)
  const drop = { lat, lng, ...what, expiresAt: end }
  await database.ref(databasePaths.drop(window, cell.slice(0, WATCH_CELL_PRECISION), dropId)).set(drop)
  return { dropId, drop, request: { dropId, lat, lng, accuracy: 5 } }
}

/**
 * Take players off a week's board again (score, histogram and block counts
 * on the player's counter shard's instance, top, and the floor when the top
 * is no longer full, on the board's home), so seeded players do not stay on
 * a stack that other tests share.
 */
export async function removeFromLeaderboard(databases: Databases, week: number, publicIds: string[]) {
  const { ofCounterShard, leaderboardHomeOf } = gameDatabasesOf(databases)
  const leaderboardHome = leaderboardHomeOf(week)
  for (const publicId of publicIds) {
    const database = ofCounterShard(counterShardOf(publicId), week)
    const scorePath = databasePaths.leaderboardScore(week, publicId)
    const score = await readOnce<{ counted?: number }>(database, scorePath)
    if (score?.counted) {
      const block = Math.floor(score.counted / LEADERBOARD_BLOCK_POINTS)
      for (const counter of [databasePaths.leaderboardBucket(week, score.counted), databasePaths.leaderboardBlock(week, block)]) {
        await database.ref(`${counter}/${counterShardOf(publicId)}`).transaction(
          (counter: { n?: number } | null) => {
            const n = Math.max(0, (counter?.n ?? 0) - 1)
            return n === 0 ? null : { ...counter, n }
          },
          undefined,
          false,
        )
      }
    }
    await database.ref(scorePath).remove()
  }
  const gone = new Set(publicIds)
  const top = await leaderboardHome
    .ref(databasePaths.leaderboardTop(week))
    .transaction(
      (current: Record<string, unknown> | null) =>
        current === null ? null : Object.fromEntries(Object.entries(current).filter(([id]) => !gone.has(id))),
      undefined,
      false,
    )
  if (Object.keys((top.snapshot.val() as object | null) ?? {}).length < 50) {
    await leaderboardHome.ref(databasePaths.leaderboardFloor(week)).remove()
  }
}
