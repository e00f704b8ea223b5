import { type ensureDropsNearContract, isRefusalCode, REFUSALS, type RefusalOf } from '@worldmap/game/contract'
import { WaitingCodedError, type WaitingCodedErrorOptions } from '../../lib/errors/WaitingCodedError.js'

type SpawnRefusal = RefusalOf<typeof ensureDropsNearContract>

/**
 * Stable codes of {@link SpawnRefusedError}: why `ensureDropsNear` would not
 * spawn new drops here, for now — its refusals that lift with time
 * (`REFUSALS[code].retryAfter`).
 */
export type SpawnRefusedErrorCode = {
  [code in SpawnRefusal]: (typeof REFUSALS)[code]['retryAfter'] extends true ? code : never
}[SpawnRefusal]

/**
 * Whether an `ensureDropsNear` refusal is a spawn notice (it lifts with
 * time), not drops that could not load.
 *
 * @example
 * ```ts
 * isSpawnRefusal('area_asleep') // true
 * isSpawnRefusal('unauthenticated') // false
 * ```
 */
export function isSpawnRefusal(code: string): code is SpawnRefusedErrorCode {
  return isRefusalCode(code) && REFUSALS[code].retryAfter
}

const messages: Record<SpawnRefusedErrorCode, (wait: string | null) => string> = {
  rate_limited: (wait) => `You're exploring fast — new drops appear here ${wait ? `in ${wait}` : 'soon'}.`,
  impossible_travel: () => 'Your location jumped — new drops appear once it settles.',
  // Unverified accounts used up this region's share (a limit across wallets); verified players are never refused this.
  area_asleep: (wait) =>
    `This area is asleep — new drops appear when a verified player comes by${wait ? `, or in ${wait}` : ''}.`,
}

/**
 * The server refused to spawn new drops around the player (`ensureDropsNear`
 * said `rate_limited`, `impossible_travel` or `area_asleep`: unverified
 * accounts used up this region's spawns for now). Not a failure of the map: the
 * drops already in the cells around the player still show, and the map says
 * this in a small notice. `message` is that notice's text for a verified (or
 * not yet known) player; `retryAfterMs` is the server's wait, when it sent one.
 *
 * @example
 * ```ts
 * new SpawnRefusedError('rate_limited', { retryAfterMs: 90_000 }).message
 * // "You're exploring fast — new drops appear here in 2 min."
 * ```
 */
export class SpawnRefusedError extends WaitingCodedError<SpawnRefusedErrorCode> {
  override name = 'SpawnRefusedError'
  constructor(code: SpawnRefusedErrorCode, options: WaitingCodedErrorOptions = {}) {
    super(code, messages, options)
  }
}
