import { COLLECT_REACH_METERS, distanceInMeters, type Locale, MAX_ACCURACY_METERS, type MapDrop } from '@worldmap/game'
import { formatDistance, type Translate } from '../../lib/i18n/index.js'
import { collectErrorWords } from '../collect/collectErrorWords.js'
import { type CollectState, isUnsettled } from '../collect/createCollectQueue.js'
import type { PositionFix } from '../drops/MapDataSource.js'
import type { DevicePositionState } from '../position/watchDevicePosition.js'

/** What {@link getDropSheetState} reads. */
export interface DropSheetInput {
  /** The drop whose sheet is open. */
  selected: MapDrop
  fix: PositionFix | null
  position: DevicePositionState
  /** The drops on the map now. */
  drops: readonly MapDrop[]
  /** The collect flow's state, whichever drop it is about. */
  collect: CollectState
  /** The device has no network (not merely the database). */
  deviceOffline: boolean
  /** Whether the player is a verified human; `undefined` while not known. */
  humanVerified: boolean | undefined
  /** The drop stands on a spot the player found today (on another phone, say): not theirs to find. */
  onFoundSpot?: boolean
  /** The player's language: the hint and the error in words. */
  t: Translate
  locale: Locale
}

/** The sheet's state: the `DropSheet` props that depend on the game. */
export interface DropSheetState {
  /** Metres from the player, or `null` without a fix. */
  distance: number | null
  /** Why Collect is off, in plain words; `null` when it is on. */
  hint: string | null
  canCollect: boolean
  busy: boolean
  error: string | null
  retry: boolean
  waiting: boolean
  verifyFirst: boolean
}

/** Why Collect is off for the open drop, first reason first; `null` when it is on. */
function collectHint(
  { fix, position, deviceOffline, onFoundSpot, t, locale }: DropSheetInput,
  stillThere: boolean,
  ownCollectOut: boolean,
  distance: number | null,
): string | null {
  // Our own collect may be what took it off the live list (the database is quicker than the reply).
  if (!stillThere && !ownCollectOut) return onFoundSpot ? t('map.error.spot_already_found') : t('map.hintGone')
  if (deviceOffline) return t('map.hintOffline')
  if (position.status === 'locating') return t('map.locating')
  if (!fix) return t('map.hintNoLocation')
  if (fix.accuracy > MAX_ACCURACY_METERS) return t('map.hintAccuracy', { accuracy: formatDistance(fix.accuracy, locale) })
  // The plain reach, without the server's accuracy bonus: an enabled Collect is one the server accepts.
  if (distance !== null && distance > COLLECT_REACH_METERS)
    return t('map.hintMoveCloser', { reach: formatDistance(COLLECT_REACH_METERS, locale) })
  return null
}

/**
 * What the open drop's sheet says and offers: the distance, whether Collect
 * is on (and if not, why), the collect's progress, error and Retry, and
 * whether the player must verify first (not verified as far as we know, or
 * the server just said so). Pure, so every branch is a table row in a test.
 *
 * @example
 * ```ts
 * const sheet = getDropSheetState({ selected, fix, position, drops, collect: flow.state, deviceOffline, humanVerified, t, locale })
 * <DropSheet drop={selected} {...sheet} onCollect={collect} onClose={close} />
 * ```
 */
export function getDropSheetState(input: DropSheetInput): DropSheetState {
  const { selected, fix, drops, collect, deviceOffline, humanVerified, t, locale } = input
  const own = collect.status !== 'idle' && collect.dropId === selected.id ? collect : null
  // A collect of the selected drop is out, or may still have gone through.
  const ownCollectOut = own !== null && (own.status !== 'failed' || isUnsettled(own.error.code))
  const distance = fix ? distanceInMeters(fix, selected) : null
  const stillThere = drops.some((drop) => drop.id === selected.id)
  const hint = collectHint(input, stillThere, ownCollectOut, distance)
  const busy = own?.status === 'busy'
  const settled = own !== null && own.status !== 'busy' ? own : null
  return {
    distance,
    hint,
    canCollect: hint === null,
    busy,
    error: settled ? collectErrorWords(t, locale, settled.error) : null,
    retry: settled !== null && isUnsettled(settled.error.code),
    waiting: deviceOffline && ownCollectOut && !busy,
    verifyFirst:
      humanVerified === false || (own?.status === 'failed' && own.error.code === 'not_verified' && humanVerified !== true),
  }
}
