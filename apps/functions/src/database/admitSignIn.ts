import { createHmac } from 'node:crypto'
import type { Database } from 'firebase-admin/database'
import ipaddr from 'ipaddr.js'
import { CROWD_LIMITS, type CrowdLimits } from '../spawning/crowdLimits.js'
import { takeCrowdToken } from './takeCrowdToken.js'

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

/** 16 bits of the source's HMAC: at most 65,536 counters ever, whatever the traffic. */
const BUCKET_HEX_DIGITS = 4

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * The crowd limit on sign-ins per source address: a wallet that is a
 * verified human (`/profiles/{uid}/verifiedLevel`) always signs in; any other
 * wallet counts against its source's network (`networkOf`: an IPv4 address,
 * an IPv6 /64) for `signInsPerSource` per window. The counter is
 * `/crowd/signIn/{bucket}`, `bucket` = the first 4 hex digits of
 * HMAC(secret, network): bounded keys, no address in the database; two
 * sources that share a bucket share its limit (rare at 65,536 buckets).
 * Loopback sources are admitted: only the local stack sees them (in
 * production the address comes from Google's front end), and its tests
 * exercise the limit with `X-Forwarded-For`.
 *
 * @example
 * ```ts
 * admitSignIn: (uid) => admitSignIn(database, { uid, source: sourceOf(request), now: Date.now() }, { secret })
 * ```
 */
export async function admitSignIn(database: Database, request: SignInRequest, options: AdmitSignInOptions): Promise<boolean> {
  const { uid, source, now } = request
  const limits = options.limits ?? CROWD_LIMITS
  if (source === undefined || loopback.has(source)) return true
  if ((await database.ref(`profiles/${uid}/verifiedLevel`).once('value')).val() !== null) return true
  const bucket = createHmac('sha256', options.secret).update(networkOf(source)).digest('hex').slice(0, BUCKET_HEX_DIGITS)
  return takeCrowdToken(database, `crowd/signIn/${bucket}`, Math.floor(now / limits.windowMs), limits.signInsPerSource)
}

/** Bits of an IPv6 address that name one network: a home line or a server gets a whole /64, and picks any address in it. */
const IPV6_NETWORK_BITS = 64

/**
 * The network a source address counts as: an IPv4 address alone (one
 * household or carrier NAT), an IPv6 address by its /64 (one subscriber or
 * host: 2^64 addresses to pick from, so counting each alone bound nothing),
 * an IPv4-mapped IPv6 address as its IPv4. Anything unparsable counts as
 * itself (it is still one bucket; the header came from Google's front end).
 *
 * @example
 * ```ts
 * networkOf('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 * networkOf('::ffff:203.0.113.7') // '203.0.113.7'
 * ```
 */
export function networkOf(source: string): string {
  // A zone (`fe80::1%eth0`) names the host's own interface, not the network.
  const address = source.split('%')[0] ?? source
  if (!ipaddr.isValid(address)) return source
  const parsed = ipaddr.process(address)
  if (parsed.kind() === 'ipv4') return parsed.toString()
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${IPV6_NETWORK_BITS}`)
  return `${network.toString()}/${IPV6_NETWORK_BITS}`
}

/**
 * The caller's address as Cloud Functions receives it: the last entry of
 * `X-Forwarded-For` (Google's front end appends the address it saw; earlier
 * entries are whatever the client sent), else the socket's address.
 *
 * @example
 * ```ts
 * sourceOf({ headers: { 'x-forwarded-for': '10.0.0.1, 203.0.113.7' }, ip: '169.254.1.1' }) // '203.0.113.7'
 * ```
 */
export function sourceOf(request: SourceRequest): string {
  return forwardedSourceOf(request) ?? request.ip ?? 'unknown'
}

/** What {@link sourceOf} reads of a request. */
export interface SourceRequest {
  headers?: Record<string, string | string[] | undefined>
  ip?: string | undefined
}

/**
 * The last `X-Forwarded-For` entry alone, or `undefined`. The local stack
 * counts only these: the Functions emulator hands each request to its
 * worker without the caller's address (every test's sign-in would share one
 * counter), and the crowd tests name their source in the header.
 *
 * @example
 * ```ts
 * forwardedSourceOf({ headers: {}, ip: '127.0.0.1' }) // undefined
 * ```
 */
export function forwardedSourceOf(request: SourceRequest): string | undefined {
  const header = request.headers?.['x-forwarded-for']
  const value = Array.isArray(header) ? header.join(',') : (header ?? '')
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1)
}
