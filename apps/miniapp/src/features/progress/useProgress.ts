import type { Progress } from '@worldmap/game'
import { liveRecords } from '@worldmap/game/contract'
import { useEffect, useState } from 'react'
import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import { watchRecord } from '../../lib/firebase/watchRecord.js'

/**
 * The player's server-kept progress:
 * - `loading`: the first value has not arrived;
 * - `ready`: the record, or `null` before the first find (or when the stored value is unusable);
 * - `error`: the read was refused or failed.
 */
export type ProgressState = { status: 'loading' } | { status: 'ready'; progress: Progress | null } | { status: 'error' }

/**
 * The signed-in player's daily-goal and streak record, live from
 * `/profiles/{uid}/progress` (written only by the functions, readable by the
 * owner), read through its contract row (`liveRecords.progress`): a value
 * that does not match reads as no progress — the player sees a fresh start,
 * never a crash — and is logged once per mount, not on every update.
 *
 * @example
 * ```tsx
 * const progress = useProgress(user.uid, watch)
 * if (progress.status === 'ready') console.log(progress.progress?.streak ?? 0)
 * ```
 */
export function useProgress(uid: string, watch: WatchValue): ProgressState {
  const [state, setState] = useState<ProgressState>({ status: 'loading' })
  useEffect(() => {
    setState({ status: 'loading' })
    let warned = false
    return watchRecord(
      watch,
      liveRecords.progress,
      [uid],
      (progress, problem) => {
        if (problem !== undefined && !warned) {
          warned = true
          console.error('Ignoring a malformed progress record', problem)
        }
        setState({ status: 'ready', progress })
      },
      (error) => {
        console.error('Failed to read the progress', error)
        setState({ status: 'error' })
      },
    )
  }, [uid, watch])
  return state
}
