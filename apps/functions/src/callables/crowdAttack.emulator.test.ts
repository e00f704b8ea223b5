// Crowd tests from the attacker's side (issue 33, point 6): a crowd of
// throwaway wallets spends every budget it can reach, then an honest
// newcomer signs in, spawns in its own city, verifies with a valid proof and
// opens the map again, in the same window. On a stack of its own, so the crowd's
// spending never touches the other tests, with the crowd limits at 1/20 of
// production (`WORLDMAP_CROWD_LIMITS_DIVISOR=20`: same proportions, so the
// crowd spends each worldwide lane in seconds, not in thousands of calls).

import { randomBytes } from 'node:crypto'
import { hashToField } from '@worldmap/minikit'
import { createSimulatedIdentity } from '@worldmap/simulator'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PORTS } from '../../../../tooling/stack/ports.mjs'
import { type StackProcess, startStackProcess } from '../../bench/startStackProcess.mjs'
import {
  type CrowdTarget,
  callAs,
  emulatorIdToken,
  idTokenOf,
  inBatches,
  randomRegion,
  signInFrom,
  spotIn,
  tally,
} from '../../test/crowd.js'
import { awayFromWindowEnd, randomUid } from '../../test/emulatorPlayers.js'
import { projectId } from '../../test/testStack.js'
import { purgeCrowd } from '../database/purgeCrowd.js'
import { openAdminDatabase } from '../firebase/openAdminDatabase.js'
import { crowdWindowOf, readCrowdLimits } from '../spawning/crowdLimits.js'
import type { EnsureDropsNearResult } from './createEnsureDropsNearHandler.js'

const DIVISOR = '20'
const limits = readCrowdLimits({ WORLDMAP_CROWD_LIMITS_DIVISOR: DIVISOR })
/** The test stack's ports moved by 3,000: beside the stack the other tests share, never on it. */
const ports = Object.fromEntries(Object.entries(PORTS.test).map(([piece, port]) => [piece, port + 3_000]))
const CONCURRENCY = 16
/**
 * How long one crowd test may take, window wait excluded: every count is per
 * spawn window, so a test that crossed a window's end would see each network's
 * share twice (a clean-clone CI run once did, with the old 20 s margin).
 */
const CROWD_RUN_MS = 200_000
/** What the local stack configures (WORLDMAP_VERIFIER=simulator, default app id and action). */
const appId = 'app_staging_worldmap'
const action = 'verify-human'

let crowdStack: StackProcess
let stack: CrowdTarget
beforeAll(async () => {
  crowdStack = await startStackProcess({
    name: 'crowd',
    ports,
    databases: 1,
    functionsEnv: { WORLDMAP_CROWD_LIMITS_DIVISOR: DIVISOR },
  })
  stack = crowdStack.stack as unknown as CrowdTarget
}, 180_000)
afterAll(async () => {
  await crowdStack?.stop()
})

/** A well-formed World ID proof the verifier rejects: a real holder's, made for another account. */
const junkProof = () =>
  createSimulatedIdentity({ seed: 'crowd' }).prove({ appId, action, signalHash: hashToField(randomUid()), level: 'orb' })

/** A malformed proof: refused before anything is counted. */
const MALFORMED = { proof: '0x1', merkle_root: '0x2', nullifier_hash: '0x3', verification_level: 'orb' }

/** Sessions signed in hours ago: what a crowd stockpiles over earlier windows. */
const stockpiled = () => emulatorIdToken(randomUid(), Date.now() - 4 * 3_600_000)

/** What an honest newcomer gets at each step, and how long each took (ms). */
interface NewcomerOutcome {
  steps: Record<string, string>
  ms: Record<string, number>
}

/**
 * An honest newcomer, mid-crowd: signs in through the real endpoint from a
 * network of its own, opens the map in its own city before verifying (an
 * unverified spawn), verifies with a valid proof, and opens the map again as
 * a verified human.
 */
async function honestNewcomer(source: string): Promise<NewcomerOutcome> {
  const ms: Record<string, number> = {}
  const timed = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    try {
      return await run()
    } finally {
      ms[step] = Math.round(performance.now() - started)
    }
  }
  const signedIn = await timed('signIn', () => signInFrom(stack, source))
  if (!signedIn.customToken) return { steps: { signIn: signedIn.error ?? String(signedIn.status) }, ms }
  const idToken = await idTokenOf(stack, signedIn.customToken)
  const home = spotIn(randomRegion())
  const outcome = (call: { ok: true } | { ok: false; code: string }) => (call.ok ? 'ok' : call.code)
  const first = await timed('spawnBeforeVerifying', () =>
    callAs<EnsureDropsNearResult>(stack, 'ensureDropsNear', idToken, home, source),
  )
  const proof = await createSimulatedIdentity({ seed: `newcomer-${signedIn.uid}` }).prove({
    appId,
    action,
    signalHash: hashToField(signedIn.uid),
    level: 'orb',
  })
  const verified = await timed('verify', () => callAs<{ verifiedLevel: string }>(stack, 'verifyHuman', idToken, proof, source))
  // The map opened again where it stands (a jump across the city would be the travel gate's to refuse).
  const second = await timed('mapVerified', () => callAs<EnsureDropsNearResult>(stack, 'ensureDropsNear', idToken, home, source))
  return {
    steps: {
      signIn: 'ok',
      spawnBeforeVerifying: first.ok && first.result.spawned > 0 ? 'ok' : outcome(first),
      verify: verified.ok ? verified.result.verifiedLevel : outcome(verified),
      mapVerified: outcome(second),
    },
    ms,
  }
}

const HONEST = { signIn: 'ok', spawnBeforeVerifying: 'ok', verify: 'orb', mapVerified: 'ok' }

/** Nothing of a crowd outlives its window: the purge after it leaves `/crowd` empty. */
async function crowdStorageAfterPurge(): Promise<unknown> {
  const app = initializeApp(
    { projectId, databaseURL: `http://127.0.0.1:${ports.database}?ns=${projectId}` },
    `crowd-${randomUid()}`,
  )
  try {
    const database = openAdminDatabase(app, `http://127.0.0.1:${ports.database}/?ns=${projectId}`)
    await purgeCrowd(database, Date.now() + limits.windowMs)
    return (await database.ref('crowd').once('value')).val()
  } finally {
    await deleteApp(app)
  }
}

describe('crowd attacks (issue 33), limits at 1/20 of production', () => {
  test(
    'error: stockpiled sessions on 30 networks spend every budget they can reach; an honest newcomer signs in, spawns in its own city and verifies the same window',
    async () => {
      await awayFromWindowEnd(CROWD_RUN_MS)
      const window = crowdWindowOf(Date.now(), limits).index
      const junk = await junkProof()
      const network = (index: number) => `203.0.113.${index % 30}`
      // More than the old worldwide verify budget (1,800 → 90 at this scale): 100 accounts' junk, 30 malformed.
      const verifies = await inBatches(100, CONCURRENCY, (index) =>
        callAs(stack, 'verifyHuman', stockpiled(), junk, network(index)),
      )
      const malformed = await inBatches(30, CONCURRENCY, (index) =>
        callAs(stack, 'verifyHuman', stockpiled(), MALFORMED, network(index)),
      )
      // More than the old worldwide spawn budget (1,000 → 50): 90 wallets on 30 networks, an area each anywhere.
      const spawns = await inBatches(90, CONCURRENCY, (index) =>
        callAs<EnsureDropsNearResult>(stack, 'ensureDropsNear', stockpiled(), spotIn(randomRegion()), network(index)),
      )
      const newcomer = await honestNewcomer('198.51.100.23')
      console.info('crowd on 30 networks:', {
        verify: tally(verifies),
        malformed: tally(malformed),
        spawn: tally(spawns),
        newcomer,
      })
      expect(crowdWindowOf(Date.now(), limits).index, 'the crowd test ran past its window: raise CROWD_RUN_MS').toBe(window)
      // Stockpiled sessions reach the verifier through the open lane only; malformed proofs are never counted.
      expect(tally(verifies)).toEqual({
        proof_rejected: limits.verifyOpenTotal,
        verify_rate_limited: 100 - limits.verifyOpenTotal,
      })
      expect(tally(malformed)).toEqual({ invalid_proof_payload: 30 })
      // Each network spends its own share of spawns, and no more.
      expect(tally(spawns)).toEqual({
        ok: 30 * limits.unverifiedSpawnsPerSource,
        area_asleep: 90 - 30 * limits.unverifiedSpawnsPerSource,
      })
      expect(newcomer.steps).toEqual(HONEST)
      expect(await crowdStorageAfterPurge()).toBeNull()
    },
    CROWD_RUN_MS * 2 + 40_000,
  )

  test(
    'error: a crowd on one IPv6 /64 signs in 2 wallets of 60 and spends only their share; an honest newcomer on another /64 plays',
    async () => {
      await awayFromWindowEnd(CROWD_RUN_MS)
      const window = crowdWindowOf(Date.now(), limits).index
      const prefix = `2001:db8:${(randomBytes(2).readUInt16BE(0) || 1).toString(16)}`
      const addressOf = (index: number) => `${prefix}:1:${(index + 1).toString(16)}::${randomBytes(2).toString('hex')}`
      const signIns = await inBatches(60, CONCURRENCY, (index) => signInFrom(stack, addressOf(index)))
      const admitted = signIns.flatMap((attempt) => (attempt.customToken ? [attempt.uid] : []))
      const junk = await junkProof()
      // Each admitted wallet, signed in just now: a junk proof and an area at a random place, from its /64.
      const verifies = await inBatches(admitted.length, CONCURRENCY, (index) =>
        callAs(stack, 'verifyHuman', emulatorIdToken(admitted[index] ?? ''), junk, addressOf(index)),
      )
      const spawns = await inBatches(admitted.length, CONCURRENCY, (index) =>
        callAs<EnsureDropsNearResult>(
          stack,
          'ensureDropsNear',
          emulatorIdToken(admitted[index] ?? ''),
          spotIn(randomRegion()),
          addressOf(index),
        ),
      )
      const newcomer = await honestNewcomer(`${prefix}:2::1`)
      console.info(`crowd on one /64: ${admitted.length} of 60 signed in`, {
        verify: tally(verifies),
        spawn: tally(spawns),
        newcomer,
      })
      expect(crowdWindowOf(Date.now(), limits).index, 'the crowd test ran past its window: raise CROWD_RUN_MS').toBe(window)
      expect(admitted).toHaveLength(limits.signInsPerSource)
      expect(signIns.filter((attempt) => attempt.error === 'too_many_sign_ins')).toHaveLength(60 - limits.signInsPerSource)
      expect(tally(spawns).ok ?? 0).toBeLessThanOrEqual(limits.unverifiedSpawnsPerSource)
      expect(newcomer.steps).toEqual(HONEST)
      expect(await crowdStorageAfterPurge()).toBeNull()
    },
    CROWD_RUN_MS * 2 + 40_000,
  )
})
