import { useEffect, useState } from 'react'

/**
 * A line of text that clears itself `durationMs` after it was last set (the
 * map's "added to your inventory" notice); setting `null` clears it at once.
 *
 * @example
 * ```tsx
 * const [notice, setNotice] = useTimedNotice(mapDefaults.noticeMs)
 * {notice && <p role="status">{notice}</p>}
 * ```
 */
export function useTimedNotice(durationMs: number): [string | null, (text: string | null) => void] {
  const [notice, setNotice] = useState<string | null>(null)
  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(null), durationMs)
    return () => clearTimeout(timer)
  }, [notice, durationMs])
  return [notice, setNotice]
}
