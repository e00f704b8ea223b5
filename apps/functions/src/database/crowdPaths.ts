import { createHmac } from 'node:crypto'
import ipaddr from 'ipaddr.js'

/**
 * Where the crowd counters live: one small `{window, n}` node each, all of a
 * window under `/crowd/{window}`, so the purge deletes a window's counters as
 * one branch once it has ended (`purgeCrowd`) and nothing outlives it.
 * Sources are stored as their bucket (`sourceBucketOf`), never an address.
 */
export const crowdPaths = {
  window: (window: number) => `crowd/${window}`,
  signIn: (window: number, bucket: string) => `crowd/${window}/signIn/${bucket}`,
  spawnSource: (window: number, bucket: string) => `crowd/${window}/spawn/${bucket}`,
  spawnSourceRegion: (window: number, region: string, bucket: string) => `crowd/${window}/spawnRegion/${region}/${bucket}`,
  verifyAccount: (window: number, uid: string) => `crowd/${window}/verify/accounts/${uid}`,
  verifyLane: (window: number, lane: VerifyLane) => `crowd/${window}/verify/${lane}`,
} as const

/** The two worldwide lanes of `verifyHuman` calls (`CROWD_LIMITS.verifyFreshTotal`, `verifyOpenTotal`). */
export type VerifyLane = 'fresh' | 'open'

/** 16 bits of the source's HMAC: at most 65,536 counters per window, whatever the traffic. */
const BUCKET_HEX_DIGITS = 4

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * The counter bucket of a caller's source: the first 4 hex digits of
 * HMAC(secret, `networkOf(source)`), so no address is stored and the keys
 * are bounded; two networks that share a bucket share its limits (rare at
 * 65,536). `undefined` for no source or a loopback one: only the local
 * stack sees those (in production the address comes from Google's front
 * end), and its crowd tests name their source in `X-Forwarded-For`.
 *
 * @example
 * ```ts
 * sourceBucketOf('2001:db8:1:2::9', secret) === sourceBucketOf('2001:db8:1:2:ffff::1', secret) // true: one /64
 * sourceBucketOf('127.0.0.1', secret) // undefined
 * ```
 */
export function sourceBucketOf(source: string | undefined, secret: string): string | undefined {
  if (source === undefined || loopback.has(source)) return undefined
  return createHmac('sha256', secret).update(networkOf(source)).digest('hex').slice(0, BUCKET_HEX_DIGITS)
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

/** How a function finds the crowd-limit bucket of its caller: the secret, and which address counts. */
export interface CrowdSource {
  /** Key of the HMAC that turns a network into its bucket (the nonce secret): no address is stored. */
  secret: string
  /** The caller's address: `sourceOf` in production, `forwardedSourceOf` on the local stack. */
  sourceOf: (request: SourceRequest) => string | undefined
}

/**
 * The bucket of a callable's caller (`sourceBucketOf`), or `undefined` when
 * it is not counted (no HTTP request, or the local stack without `X-Forwarded-For`).
 *
 * @example
 * ```ts
 * const bucket = callerBucketOf(call.http, { secret, sourceOf })
 * ```
 */
export function callerBucketOf(http: SourceRequest | undefined, source: CrowdSource): string | undefined {
  return http === undefined ? undefined : sourceBucketOf(source.sourceOf(http), source.secret)
}
