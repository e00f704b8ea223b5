import type { LatLng, MapDrop } from '@worldmap/game'
import { useCallback, useEffect, useRef, useState } from 'react'

/** Options of {@link useDropPicking}. */
export interface UseDropPickingOptions {
  /** The drops on the map; a pick or a link opens one of these only. */
  drops: readonly MapDrop[]
  /** `/map?drop=<id>`: open this drop as soon as `drops` has it. */
  initialDropId: string | null
  /** Sets the drop whose sheet is open. */
  setSelected: (drop: MapDrop | null) => void
  /** Back to an idle collect: a newly opened or closed sheet starts fresh. */
  resetCollect: () => void
  /**
   * The map has had its first list of drops (or failed to): from then on a
   * linked drop still missing after {@link GONE_GRACE_MS} is gone. @default true
   */
  settled?: boolean
  /** A linked drop is not on the map once it settled (collected, expired, or not near). */
  onGone?: () => void
}

/**
 * How long a linked drop may still arrive after the map's first list: the
 * cells' drops come a moment after the spawn's reply (up to 2 s), and a
 * streak reward from its own listener.
 */
export const GONE_GRACE_MS = 3_000

/** What {@link useDropPicking} gives the map. */
export interface DropPicking {
  /** Open a drop's sheet (a tap on its marker); an id not on the map is ignored. */
  selectDrop: (dropId: string) => void
  /** Open a drop's sheet and put the camera on it (the reveal's "Show me" for a streak reward). */
  showDrop: (dropId: string) => void
  /** Close the sheet. */
  closeSheet: () => void
  /** Where the camera should centre: the drop a link opened; each one a new object. */
  cameraFocus: LatLng | null
}

/**
 * Opening and closing a drop's sheet: by a tap on its marker, or by a link
 * (`/map?drop=<id>` from home's nearest drops) as soon as the live list has
 * that drop, which also centres the camera on it. A tap elsewhere first
 * cancels the link. A linked drop that is not there once the map has its
 * drops (and a short grace for late ones) is gone: `onGone` says so, and
 * the map stays on the drops around the player.
 *
 * @example
 * ```tsx
 * const { selectDrop, closeSheet, cameraFocus } = useDropPicking({ drops, initialDropId, setSelected, resetCollect })
 * ```
 */
export function useDropPicking(options: UseDropPickingOptions): DropPicking {
  const { drops, initialDropId, setSelected, resetCollect, settled = true } = options
  const [requestedDropId, setRequestedDropId] = useState<string | null>(initialDropId)
  const [cameraFocus, setCameraFocus] = useState<LatLng | null>(null)
  const onGone = useRef(options.onGone)
  onGone.current = options.onGone
  useEffect(() => setRequestedDropId(initialDropId), [initialDropId])
  const requestedIsHere = requestedDropId !== null && drops.some((candidate) => candidate.id === requestedDropId)
  useEffect(() => {
    if (requestedDropId === null) return
    const drop = drops.find((candidate) => candidate.id === requestedDropId)
    if (!drop) return
    setRequestedDropId(null)
    setSelected(drop)
    resetCollect()
    setCameraFocus({ lat: drop.lat, lng: drop.lng })
  }, [requestedDropId, drops, setSelected, resetCollect])
  // Settled without the linked drop: after the grace, it is gone (a drop arriving meanwhile opens above).
  useEffect(() => {
    if (requestedDropId === null || requestedIsHere || !settled) return
    const timer = setTimeout(() => {
      setRequestedDropId(null)
      onGone.current?.()
    }, GONE_GRACE_MS)
    return () => clearTimeout(timer)
  }, [requestedDropId, requestedIsHere, settled])

  const selectDrop = useCallback(
    (dropId: string) => {
      const drop = drops.find((candidate) => candidate.id === dropId)
      if (!drop) return
      setRequestedDropId(null)
      setSelected(drop)
      resetCollect()
    },
    [drops, setSelected, resetCollect],
  )
  const showDrop = useCallback(
    (dropId: string) => {
      const drop = drops.find((candidate) => candidate.id === dropId)
      if (!drop) return
      selectDrop(dropId)
      setCameraFocus({ lat: drop.lat, lng: drop.lng })
    },
    [drops, selectDrop],
  )
  const closeSheet = useCallback(() => {
    setSelected(null)
    resetCollect()
  }, [setSelected, resetCollect])
  return { selectDrop, showDrop, closeSheet, cameraFocus }
}
