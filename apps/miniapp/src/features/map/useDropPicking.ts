import type { LatLng, MapDrop } from '@worldmap/game'
import { useCallback, useEffect, useState } from 'react'

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
}

/** What {@link useDropPicking} gives the map. */
export interface DropPicking {
  /** Open a drop's sheet (a tap on its marker); an id not on the map is ignored. */
  selectDrop: (dropId: string) => void
  /** Close the sheet. */
  closeSheet: () => void
  /** Where the camera should centre: the drop a link opened; each one a new object. */
  cameraFocus: LatLng | null
}

/**
 * Opening and closing a drop's sheet: by a tap on its marker, or by a link
 * (`/map?drop=<id>` from home's nearest drops) as soon as the live list has
 * that drop, which also centres the camera on it. A tap elsewhere first
 * cancels the link; an id that never shows up is ignored.
 *
 * @example
 * ```tsx
 * const { selectDrop, closeSheet, cameraFocus } = useDropPicking({ drops, initialDropId, setSelected, resetCollect })
 * ```
 */
export function useDropPicking({ drops, initialDropId, setSelected, resetCollect }: UseDropPickingOptions): DropPicking {
  const [requestedDropId, setRequestedDropId] = useState<string | null>(initialDropId)
  const [cameraFocus, setCameraFocus] = useState<LatLng | null>(null)
  useEffect(() => setRequestedDropId(initialDropId), [initialDropId])
  useEffect(() => {
    if (requestedDropId === null) return
    const drop = drops.find((candidate) => candidate.id === requestedDropId)
    if (!drop) return
    setRequestedDropId(null)
    setSelected(drop)
    resetCollect()
    setCameraFocus({ lat: drop.lat, lng: drop.lng })
  }, [requestedDropId, drops, setSelected, resetCollect])

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
  const closeSheet = useCallback(() => {
    setSelected(null)
    resetCollect()
  }, [setSelected, resetCollect])
  return { selectDrop, closeSheet, cameraFocus }
}
