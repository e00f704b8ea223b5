import { useEffect, useState } from 'react'
import { gameClock } from '../../lib/clock/gameClock.js'

/**
 * The time from `now`, read again every `everyMs` and whenever the page
 * becomes visible again: a screen left open over midnight, or brought back
 * from the background the next morning, shows the new day without a reload.
 * Read again too when the game clock learns the server's time: a phone a day
 * off shows the server's today as soon as it is known, not a minute later.
 *
 * @param now      the clock (tests pass a fake)
 * @param everyMs  how often to read it while the page is open
 * @example
 * ```tsx
 * const at = useClock(gameNow, 60_000)
 * const view = viewProgress(progress, at, timeZone)
 * ```
 */
export function useClock(now: () => number, everyMs: number): number {
  const [at, setAt] = useState(now)
  useEffect(() => {
    const read = () => setAt(now())
    read()
    const timer = setInterval(read, everyMs)
    const onVisible = () => {
      if (document.visibilityState === 'visible') read()
    }
    document.addEventListener('visibilitychange', onVisible)
    const stopClock = gameClock.subscribe(read)
    return () => {
      stopClock()
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [now, everyMs])
  return at
}
