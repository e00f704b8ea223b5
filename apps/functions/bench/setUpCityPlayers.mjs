// The city bench's players (benchCity.mjs, step 3 of docs/scale.md): each signs in the real way and is verified
// through the real verifyHuman, so the run measures players the functions accept, not a shortcut past them.

import { hashToField } from '@worldmap/minikit'
import { createSimulatedIdentity } from '@worldmap/simulator'
import { keccak256, stringToBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { seconds } from './cityBench.mjs'
import { WORLD_ID } from './citySettings.mjs'
import { createLimiter } from './createLimiter.mjs'
import { percentile } from './percentile.mjs'
import { signInPlayer } from './signInPlayer.mjs'

/** @typedef {Awaited<ReturnType<typeof signInPlayer>>} Player */
/** @typedef {{ signInMs: number[], verifyMs: number[], failures: Record<string, number> }} SetupStats */

/**
 * Sign in and verify `players` players, 2 more who measure the map open and 1 who measures a spawn's writes,
 * `concurrency` at once; a player who fails is counted by reason and left out. Throws when one of the 3 could not
 * sign in.
 *
 * @param {import('./startCityStack.mjs').CityStack} site
 * @example
 * ```js
 * const { players, measurerEmpty } = await setUpCityPlayers(site)
 * ```
 */
export async function setUpCityPlayers(site) {
  const { bench, origin } = site
  const playerCount = bench.flags.players
  bench.log(`players: signing in and verifying ${playerCount} + 3 (SIWE for ${origin})…`)
  const started = performance.now()
  /** @type {SetupStats} */
  const setup = { signInMs: [], verifyMs: [], failures: {} }
  const accounts = Array.from({ length: playerCount + 3 }, (_, index) =>
    privateKeyToAccount(keccak256(stringToBytes(`worldmap bench city player ${index}`))),
  )
  // A player's whole sign-in runs in one slot: its nonce and SIWE message are made when it starts, never left
  // waiting in a queue (signed nonces and messages are good for 10 minutes).
  const setupLimiter = createLimiter(bench.flags.concurrency)
  const signedIn = await Promise.all(
    accounts.map((account, index) => setupLimiter.run(() => setUpPlayer(site, setup, account, index))),
  )
  const setupMs = Math.round(performance.now() - started)
  const ready = signedIn.filter((player) => player !== null)
  const [measurerEmpty, measurerBusy, measurerSpawn] = signedIn.slice(playerCount)
  const players = signedIn.slice(0, playerCount).filter((player) => player !== null)
  bench.log(
    `players: ${ready.length}/${playerCount + 3} signed in and verified in ${seconds(setupMs)} ` +
      `(sign-in p50 ${percentile(setup.signInMs, 50)} ms, p95 ${percentile(setup.signInMs, 95)} ms; ` +
      `verify p50 ${percentile(setup.verifyMs, 50)} ms, p95 ${percentile(setup.verifyMs, 95)} ms)`,
  )
  for (const [reason, count] of Object.entries(setup.failures)) bench.log(`  failed ×${count}: ${reason}`)
  if (!measurerEmpty || !measurerBusy || !measurerSpawn) throw new Error('the players who measure could not sign in')
  bench.checkpoint('sign-in')
  return { players, measurerEmpty, measurerBusy, measurerSpawn, ready: ready.length, setupMs, setup }
}

/**
 * One player's sign-in and verification, timed into `setup`; `null` (the reason counted) when either fails.
 *
 * @param {import('./startCityStack.mjs').CityStack} site @param {SetupStats} setup
 * @param {import('viem/accounts').PrivateKeyAccount} account @param {number} index
 * @returns {Promise<Player | null>}
 */
async function setUpPlayer(site, setup, account, index) {
  /** @param {string} reason */
  const fail = (reason) => {
    setup.failures[reason] = (setup.failures[reason] ?? 0) + 1
  }
  if (site.bench.shouldStop()) return null
  const signInStarted = performance.now()
  let player
  try {
    player = await signInPlayer({
      account,
      origin: site.origin,
      customTokenUrl: site.stack.urls.customToken,
      authUrl: site.stack.urls.auth,
      signNonce: (nonce) => site.signedNonce(nonce),
      limiterFor: site.limiterFor,
    })
  } catch (error) {
    const { step, message } = /** @type {{ step?: string, message?: string }} */ (error ?? {})
    fail(`sign_in:${step ?? 'error'}:${message ?? error}`.slice(0, 160))
    return null
  }
  setup.signInMs.push(performance.now() - signInStarted)
  const verifyStarted = performance.now()
  const proof = await createSimulatedIdentity({ seed: `bench-city-${index}` }).prove({
    ...WORLD_ID,
    signalHash: hashToField(player.uid),
    level: 'orb',
  })
  const reply = await site.call('verifyHuman', proof, player.idToken)
  if (!reply.ok) {
    fail(`verify:${reply.reason}`)
    return null
  }
  setup.verifyMs.push(performance.now() - verifyStarted)
  return player
}
