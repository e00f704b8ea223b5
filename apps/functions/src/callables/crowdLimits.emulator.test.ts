import { randomBytes } from 'node:crypto'
import { geohashBounds, spawnWindowOf, weekOf } from '@worldmap/game'
import { createNonce } from '@worldmap/game/contract'
import { handleSignNonce } from '@worldmap/game/server'
import { createSiweMessage } from '@worldmap/minikit/siwe'
import { createSimulatorWallet } from '@worldmap/simulator'
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions'
import { keccak256, toHex } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import {
  awayFromWindowEnd,
  type Player,
  placeDrop,
  randomUid,
  removeFromLeaderboard,
  signIn,
  verify,
} from '../../test/emulatorPlayers.js'
import { createAdmin, projectId, readOnce, readTestStack } from '../../test/testStack.js'
import { CROWD_LIMITS } from '../spawning/crowdLimits.js'
import type { EnsureDropsNearResult } from './createEnsureDropsNearHandler.js'

const stack = readTestStack()
const admin = createAdmin()
const players: Player[] = []
const publicIds: string[] = []
afterAll(async () => {
  // Orb-verified players who collected are on this week's board: take them off, the stack is shared.
  await removeFromLeaderboard(admin.database, weekOf(Date.now()).index, publicIds)
  await Promise.all(players.map((player) => player.close()))
  await admin.close()
})

const WALLETS = 400
const VERIFIED = 20
const CONCURRENCY = 32

/** A city the crowd has to itself: a random region (geohash precision 4) on land-ish latitudes, never Singapore. */
function randomRegion(): string {
  const base32 = '0123456789bcdefghjkmnpqrstuvwxyz'
  for (;;) {
    const region = Array.from({ length: 4 }, () => base32.charAt((randomBytes(1)[0] ?? 0) % 32)).join('')
    const { south, north } = geohashBounds(region)
    if (Math.abs(south) < 60 && Math.abs(north) < 60 && !region.startsWith('w21')) return region
  }
}

/** A random spot inside `region`, away from its edges so every watch cell around it stays in the region. */
function spotIn(region: string): { lat: number; lng: number } {
  const { south, north, west, east } = geohashBounds(region)
  const at = (min: number, max: number) => min + (max - min) * (0.1 + 0.8 * Math.random())
  return { lat: at(south, north), lng: at(west, east) }
}

/**
 * An ID token for `uid` as the Auth emulator issues one after a custom-token
 * sign-in (unsigned, `alg: none`, which only the emulators accept). Made
 * here rather than asked for: 400 round trips to the Auth emulator would
 * add seconds to a suite at the edge of its budget, and signing in through
 * the real endpoint is what the sign-in test below exercises.
 */
function emulatorIdToken(uid: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const now = Math.floor(Date.now() / 1000)
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    sub: uid,
    user_id: uid,
    iat: now,
    exp: now + 3600,
    auth_time: now,
    firebase: { identities: {}, sign_in_provider: 'custom' },
  })}.`
}

/** One throwaway wallet asking to spawn `at`, over the callable's HTTP protocol (no client SDK app per wallet). */
async function crowdSpawn(at: {
  lat: number
  lng: number
}): Promise<{ ok: true; spawned: number } | { ok: false; code: string }> {
  const idToken = emulatorIdToken(randomUid())
  const response = await fetch(`http://127.0.0.1:${stack.ports.functions}/${projectId}/asia-southeast1/ensureDropsNear`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data: at }),
  })
  const body = (await response.json()) as {
    result?: EnsureDropsNearResult
    error?: { status: string; details?: { code?: string } }
  }
  if (body.result) return { ok: true, spawned: body.result.spawned }
  return { ok: false, code: body.error?.details?.code ?? body.error?.status ?? 'unknown' }
}

/** Run `task` for 0..count-1 with at most `limit` in flight. */
async function inBatches<T>(count: number, limit: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count)
  let next = 0
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) {
        const index = next++
        results[index] = await task(index)
      }
    }),
  )
  return results
}

describe('crowd limits (issue 22, point 1)', () => {
  test('behavior: 400 fresh wallets from one address spawn at most 30 areas, while 20 verified players in the same city spawn and collect', async () => {
    await awayFromWindowEnd()
    const region = randomRegion()
    const window = spawnWindowOf(Date.now()).index

    const crowd = await inBatches(WALLETS, CONCURRENCY, () => crowdSpawn(spotIn(region)))
    const spawnedAreas = crowd.filter((call) => call.ok && call.spawned > 0).length
    const refusals = new Map<string, number>()
    for (const call of crowd) if (!call.ok) refusals.set(call.code, (refusals.get(call.code) ?? 0) + 1)
    const markers = Object.keys(
      (await readOnce<Record<string, number>>(admin.databases.ofCell(region), `spawned/${window}`)) ?? {},
    ).filter((cell) => cell.startsWith(region)).length
    console.info(`crowd: ${WALLETS} wallets, ${spawnedAreas} spawned areas (${markers} watch cells), refusals`, refusals)
    expect(spawnedAreas).toBeLessThanOrEqual(30)
    // Every refusal is the typed crowd limit, never a crash.
    expect([...refusals.keys()].every((code) => code === 'area_asleep')).toBe(true)

    // The verified players of the same city keep playing: their spawns and collects succeed.
    const verified = await inBatches(VERIFIED, 10, async () => {
      const player = await signIn(admin)
      players.push(player)
      publicIds.push(await verify(admin, player, 'orb', {}))
      const at = spotIn(region)
      const functions = getFunctions(player.client.app, 'asia-southeast1')
      connectFunctionsEmulator(functions, '127.0.0.1', stack.ports.functions)
      const ensure = httpsCallable<{ lat: number; lng: number }, EnsureDropsNearResult>(functions, 'ensureDropsNear')
      const spawn = await ensure(at)
      const { request } = await placeDrop(admin.databases, at)
      const collect = await player.collectDrop(request)
      return { spawned: spawn.data.spawned, item: collect.data.itemId }
    })
    console.info(
      `verified: ${verified.length} players, ${verified.filter((v) => v.spawned > 0).length} spawned, ${verified.length} collected`,
    )
    expect(verified).toHaveLength(VERIFIED)
    expect(verified.every((v) => typeof v.item === 'string')).toBe(true)
    expect(verified.filter((v) => v.spawned > 0).length).toBeGreaterThan(VERIFIED / 2)
  }, 180_000)

  test('error: fresh wallets signing in from one address stop at the limit (429 too_many_sign_ins); another address is not held up', async () => {
    // A TEST-NET address of its own per run: the stack's front end is the test, which says where the request came from.
    const source = `203.0.113.${randomBytes(1)[0] ?? 1}`
    const signInFrom = async (from: string) => {
      const wallet = createSimulatorWallet(keccak256(toHex(randomBytes(32))))
      const nonce = createNonce()
      const signed = handleSignNonce({ method: 'POST', body: JSON.stringify({ nonce }) }, { secret: stack.nonceSecret })
      if (signed.status !== 200 || !('signedNonce' in signed.body)) throw new Error('sign-nonce failed')
      const now = Date.now()
      const { message, signature } = await wallet.signSiwe(
        createSiweMessage({
          scheme: 'http',
          domain: 'localhost:3000',
          uri: 'http://localhost:3000/',
          version: '1',
          chain_id: 480,
          nonce,
          statement: `Authenticate (${nonce}).`,
          issued_at: new Date(now).toISOString(),
          expiration_time: new Date(now + 24 * 3_600_000).toISOString(),
        }),
      )
      const payload = { status: 'success', message, signature, address: wallet.address, version: 2 }
      const query = new URLSearchParams({ payload: JSON.stringify(payload), nonce, signedNonce: signed.body.signedNonce })
      const response = await fetch(`${stack.urls.customToken}?${query}`, { headers: { 'x-forwarded-for': `10.9.8.7, ${from}` } })
      return { status: response.status, body: (await response.json()) as { customToken?: string; error?: string } }
    }
    const attempts = await inBatches(CROWD_LIMITS.signInsPerSource + 5, 8, () => signInFrom(source))
    const admitted = attempts.filter((attempt) => attempt.status === 200 && attempt.body.customToken).length
    const refused = attempts.filter((attempt) => attempt.status === 429 && attempt.body.error === 'too_many_sign_ins').length
    console.info(`sign-ins from one address: ${admitted} admitted, ${refused} refused (too_many_sign_ins)`)
    expect({ admitted, refused }).toEqual({ admitted: CROWD_LIMITS.signInsPerSource, refused: 5 })
    expect((await signInFrom(`198.51.100.${randomBytes(1)[0] ?? 1}`)).status).toBe(200)
  })
})
