import { CROWD_LIMITS, type CrowdLimits, crowdWindowOf } from '../spawning/crowdLimits.js'
import { takeCrowdToken } from '../spawning/takeCrowdToken.js'
import { crowdPaths, sourceBucketOf } from './crowdPaths.js'
import { type Databases, gameDatabasesOf } from './gameDatabases.js'

/** One sign-in to admit or refuse. */
export interface SignInRequest {
  /** The wallet signing in (checksummed address). */
  uid: string
  /**
   * The caller's address (`sourceOf`); `undefined` when it is not known and
   * must not be counted (local mode without `X-Forwarded-For`: `forwardedSourceOf`).
   */
  source: string | undefined
  /** Server time, ms. */
  now: number
}

/** Options of {@link admitSignIn}. */
export interface AdmitSignInOptions {
  /** Key of the HMAC that turns an address into its counter bucket (the nonce secret): no address is stored. */
  secret: string
  /** @default CROWD_LIMITS */
  limits?: CrowdLimits
}

/**
 * The crowd limit on sign-ins per source address: a wallet that is a
 * verified human (`/profiles/{uid}/verifiedLevel`, on the player's instance) always signs in; any other
 * wallet counts against its source's network (`networkOf`: an IPv4 address,
 * an IPv6 /64) for `signInsPerSource` per window. The counter is
 * `crowdPaths.signIn(window, bucket)` on the main instance (`sourceBucketOf`:
 * bounded keys, no address in the database).
 * Loopback sources are admitted: only the local stack sees them (in
 * production the address comes from Google's front end), and its tests
 * exercise the limit with `X-Forwarded-For`.
 *
 * @example
 * ```ts
 * admitSignIn: (uid) => admitSignIn(database, { uid, source: sourceOf(request), now: Date.now() }, { secret })
 * ```
 */
export async function admitSignIn(databases: Databases, request: SignInRequest, options: AdmitSignInOptions): Promise<boolean> {
  const { uid, source, now } = request
  const limits = options.limits ?? CROWD_LIMITS
  const bucket = sourceBucketOf(source, options.secret)
  if (bucket === undefined) return true
  // A player a table switch moved has their records moved before the profile is read.
  const { main, ofPlayer } = await gameDatabasesOf(databases).forPlayer(uid, now)
  if ((await ofPlayer(uid).ref(`profiles/${uid}/verifiedLevel`).once('value')).val() !== null) return true
  const { index } = crowdWindowOf(now, limits)
  return takeCrowdToken(main, crowdPaths.signIn(index, bucket), index, limits.signInsPerSource)
}
