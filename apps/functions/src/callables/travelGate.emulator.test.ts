import { randomBytes } from 'node:crypto'
import { distanceInMeters, MAX_TRAVEL_SPEED_MPS, TRAVEL_SLACK_METERS } from '@worldmap/game'
import type { FirebaseError } from 'firebase/app'
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions'
import { getAddress, toHex } from 'viem'
import { afterAll, describe, expect, test } from 'vitest'
import { createAdmin, createClient, readTestStack } from '../../test/testStack.js'
import type { EnsureDropsNearResult } from './createEnsureDropsNearHandler.js'

const stack = readTestStack()
const admin = createAdmin()
const clients: { close(): Promise<void> }[] = []
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()))
  await admin.close()
})

const M_PER_DEG = 111_195.08

/** An orb-verified player (20 spawns in hand: the quota never stops this run), signed in on the emulators. */
async function verifiedPlayer() {
  const uid = getAddress(toHex(randomBytes(20)))
  await admin.databases.ofPlayer(uid).ref(`profiles/${uid}/verifiedLevel`).set('orb')
  const client = await createClient(await admin.mintCustomToken(uid))
  clients.push(client)
  const functions = getFunctions(client.app, 'asia-southeast1')
  connectFunctionsEmulator(functions, '127.0.0.1', stack.ports.functions)
  return httpsCallable<{ lat: number; lng: number }, EnsureDropsNearResult>(functions, 'ensureDropsNear')
}

describe('the travel gate on the emulators', () => {
  test('error: chained 99 m hops (issue 22) → the slack is granted once; no faster than 30 m/s + 100 m', async () => {
    const ensureDropsNear = await verifiedPlayer()
    const start = { lat: 1.3 + Math.random() / 10, lng: 103.8 + Math.random() / 10 }
    const hops = Array.from({ length: 12 }, (_, hop) => ({ lat: start.lat + (99 * hop) / M_PER_DEG, lng: start.lng }))
    const accepted: { lat: number; lng: number }[] = []
    const refusals: unknown[] = []
    const began = Date.now()
    // One after another, as fast as the emulator answers: each hop is 99 m from the one before, within the
    // old per-report slack, so the old gate let every one through (1,089 m in about a second).
    for (const hop of hops) {
      await ensureDropsNear(hop).then(
        () => accepted.push(hop),
        (error: FirebaseError & { details?: unknown }) => refusals.push({ code: error.code, details: error.details }),
      )
    }
    const elapsedSeconds = (Date.now() - began) / 1000
    const covered = distanceInMeters(start, accepted.at(-1) ?? start)
    expect(covered).toBeLessThanOrEqual(MAX_TRAVEL_SPEED_MPS * elapsedSeconds + TRAVEL_SLACK_METERS + 1)
    expect(accepted.length).toBeGreaterThanOrEqual(2)
    expect(refusals.length).toBeGreaterThan(0)
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        code: 'functions/failed-precondition',
        details: { code: 'impossible_travel', retryAfterMs: expect.any(Number) },
      })
    }
  }, 60_000)
})
