import type { Rarity } from '@worldmap/game'
import { useEffect, useState } from 'react'
import { revealTimings } from './revealTimings.js'

/** How far a reveal has got: the goal ring filled, the celebration shown. */
export interface RevealPhase {
  ringFilled: boolean
  celebrating: boolean
}

/**
 * The reveal's clock: the ring fills at `ringAtMs` and the celebration
 * shows at `celebrateAtMs` of the rarity's {@link revealTimings}. Under
 * reduced motion both are there from the first frame: the same
 * information, nothing arriving late.
 *
 * @example
 * ```tsx
 * const { ringFilled, celebrating } = useRevealPhase(item.rarity, reducedMotion)
 * ```
 */
export function useRevealPhase(rarity: Rarity, reducedMotion: boolean): RevealPhase {
  const [phase, setPhase] = useState<RevealPhase>({ ringFilled: reducedMotion, celebrating: reducedMotion })
  useEffect(() => {
    if (reducedMotion) {
      setPhase({ ringFilled: true, celebrating: true })
      return
    }
    const { ringAtMs, celebrateAtMs } = revealTimings[rarity]
    const timers = [
      setTimeout(() => setPhase((previous) => ({ ...previous, ringFilled: true })), ringAtMs),
      setTimeout(() => setPhase({ ringFilled: true, celebrating: true }), celebrateAtMs),
    ]
    return () => {
      for (const timer of timers) clearTimeout(timer)
    }
  }, [rarity, reducedMotion])
  return phase
}
