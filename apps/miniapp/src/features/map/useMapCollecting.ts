import type { LatLng, Locale, MapDrop } from '@worldmap/game'
import type { SendHapticFeedbackInput } from '@worldmap/minikit'
import { type ComponentType, useState } from 'react'
import { useConnectivity } from '../../lib/connectivity/useConnectivity.js'
import { type Translate, useLocale, useT } from '../../lib/i18n/index.js'
import type { SimulatorGeolocation } from '../../lib/simulator/getSimulatorGeolocation.js'
import type { CatchRevealProps } from '../catch/CatchReveal.js'
import { collectErrorWords } from '../collect/collectErrorWords.js'
import type { CollectNotice } from '../collect/createCollectQueue.js'
import { loadCatchReveal as loadCatchRevealDefault } from '../collect/loadCatchReveal.js'
import type { PendingCollects } from '../collect/pendingCollects.js'
import { type CollectFlow, useCollect } from '../collect/useCollect.js'
import { dropWords } from '../drops/dropWords.js'
import type { MapDataSource, PositionFix } from '../drops/MapDataSource.js'
import { mapDefaults } from '../drops/mapDefaults.js'
import type { VisibleDrops } from '../drops/useVisibleDrops.js'
import { simulatedWalkSpeed } from '../position/simulatedWalkSpeed.js'
import type { DevicePositionState } from '../position/watchDevicePosition.js'
import { type DropSheetState, getDropSheetState } from './getDropSheetState.js'
import { useDropPicking } from './useDropPicking.js'
import { useNotificationHaptic } from './useNotificationHaptic.js'
import { useTimedNotice } from './useTimedNotice.js'

/** Options of {@link useMapCollecting}. */
export interface UseMapCollectingOptions {
  dataSource: MapDataSource
  /** Where collects are remembered until revealed; `null` (the default): not across reloads. */
  pendingCollects?: PendingCollects | null | undefined
  /** Defaults to the lazy catch reveal chunk. */
  loadCatchReveal?: (() => Promise<ComponentType<CatchRevealProps>>) | undefined
  haptics: (input: SendHapticFeedbackInput) => Promise<unknown>
  /** The drops on the map (`useVisibleDrops`); a collected or gone drop is hidden there. */
  visible: VisibleDrops
  fix: PositionFix | null
  position: DevicePositionState
  humanVerified?: boolean | undefined
  /** `/map?drop=<id>`: a drop to open once it shows up. */
  initialDropId?: string | null | undefined
  /** The map has had its first list of drops: a linked drop missing from then on is gone. @default true */
  dropsSettled?: boolean
  /** The simulator's geolocation, for the sheet's "Walk here (simulator)". */
  simulator: SimulatorGeolocation | undefined
  /** The player has collected: the first-run hint has done its job. */
  onCollected: () => void
}

/** A catch notice in words. */
function noticeWords(t: Translate, locale: Locale, notice: CollectNotice): string {
  const name = t(dropWords.kind(notice.item.kind))
  if (notice.type === 'added') return t('map.addedToInventory', { name })
  return t('map.notCollected', { name, reason: collectErrorWords(t, locale, notice.error) })
}

/** What {@link useMapCollecting} gives the map. */
export interface MapCollecting {
  /** The collect flow (`useCollect`): its catch to reveal, resolving, dismissCaught. */
  flow: CollectFlow
  /** The drop whose sheet is open. */
  selected: MapDrop | null
  /** The open sheet's state and actions, `null` when no sheet is open. */
  sheet: (DropSheetState & { onCollect: () => void; onWalkHere: (() => void) | undefined }) | null
  /** A line for the player, cleared after {@link mapDefaults.noticeMs}. */
  notice: string | null
  /** A linked drop that is not there any more, in words; cleared like {@link MapCollecting.notice}. */
  gone: string | null
  selectDrop: (dropId: string) => void
  /** Open a drop's sheet with the camera on it. */
  showDrop: (dropId: string) => void
  closeSheet: () => void
  /** Where a drop opened from a link puts the camera. */
  cameraFocus: LatLng | null
}

/**
 * The game on the map: which drop's sheet is open (by a tap or a link),
 * collecting it (`useCollect`: seen through to its reveal exactly once),
 * what the sheet says and offers (`getDropSheetState`), and the notice line.
 * While the device itself is offline Collect is off and says why.
 *
 * @example
 * ```tsx
 * const game = useMapCollecting({ dataSource, pendingCollects, loadCatchReveal, haptics, visible, fix, position,
 *   humanVerified, initialDropId, simulator, onCollected: dismissHint })
 * ```
 */
export function useMapCollecting(options: UseMapCollectingOptions): MapCollecting {
  const { visible, fix, simulator } = options
  const [selected, setSelected] = useState<MapDrop | null>(null)
  // A catch whose reveal cannot load yet, a pending catch refused for good: said in plain words.
  const [notice, setNotice] = useTimedNotice(mapDefaults.noticeMs)
  const connectivity = useConnectivity()
  const t = useT()
  const locale = useLocale()
  // Only a device without a network turns Collect off: with the database down the callable may still answer.
  const deviceOffline = connectivity.reason === 'device'
  const flow = useCollect({
    dataSource: options.dataSource,
    pending: options.pendingCollects ?? null,
    loadCatchReveal: options.loadCatchReveal ?? loadCatchRevealDefault,
    offline: connectivity.status === 'offline',
    deviceOffline,
    haptic: useNotificationHaptic(options.haptics),
    onNotice: (said) => setNotice(noticeWords(t, locale, said)),
    onGone: visible.hide,
    onCollected: (dropId) => {
      setSelected((previous) => (previous?.id === dropId ? null : previous))
      options.onCollected()
    },
  })
  const [gone, setGone] = useTimedNotice(mapDefaults.noticeMs)
  const picking = useDropPicking({
    drops: visible.drops,
    initialDropId: options.initialDropId ?? null,
    setSelected,
    resetCollect: flow.reset,
    settled: options.dropsSettled ?? true,
    onGone: () => setGone(t('map.dropGone')),
  })
  const state = selected
    ? getDropSheetState({
        selected,
        fix,
        position: options.position,
        drops: visible.drops,
        collect: flow.state,
        deviceOffline,
        humanVerified: options.humanVerified,
        onFoundSpot: visible.onFoundSpot(selected.id),
        t,
        locale,
      })
    : null
  const sheet =
    selected && state
      ? {
          ...state,
          onCollect: () => {
            if (fix && state.canCollect && !state.busy) flow.collect(selected, fix)
          },
          onWalkHere: simulator
            ? () => simulator.walk([{ lat: selected.lat, lng: selected.lng }], simulatedWalkSpeed(state.distance))
            : undefined,
        }
      : null
  return { flow, selected, sheet, notice, gone, ...picking }
}
