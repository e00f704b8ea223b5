import { useEffect, useState } from 'react'

/**
 * The time from `now`, read again every `everyMs` and whenever the page
 * becomes visible again: a screen left open over midnight, or brought back
 * from the background the next morning, shows the new day without a reload.
 *
 * @param now      the clock (tests pass a fake)
 * @param everyMs  how often to read it while the page is open
 * @example
 * ```tsx
 * const at = useClock(Date.now, 60_000)
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
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [now, everyMs])
  return at
}
