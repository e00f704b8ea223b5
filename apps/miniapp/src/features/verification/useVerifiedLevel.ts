import { liveRecords, type VerificationLevelName } from '@worldmap/game/contract'
import { useEffect, useState } from 'react'
import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import { watchRecord } from '../../lib/firebase/watchRecord.js'

/** The profile's World ID level: `null` when not verified. */
export type VerifiedLevelState =
  | { status: 'loading' }
  | { status: 'ready'; level: VerificationLevelName | null }
  | { status: 'error' }

/**
 * The user's recorded World ID level, live from `/profiles/{uid}/verifiedLevel`
 * (written only by the server). Anything that is not a known level reads as
 * not verified, the safe side. Stays `loading` without a uid.
 *
 * @example
 * ```tsx
 * const verified = useVerifiedLevel(user.uid, watch)
 * if (verified.status === 'ready' && !verified.level) return <VerifyHumanCard />
 * ```
 */
export function useVerifiedLevel(uid: string | null, watch: WatchValue): VerifiedLevelState {
  const [state, setState] = useState<VerifiedLevelState>({ status: 'loading' })
  useEffect(() => {
    setState({ status: 'loading' })
    // Signed out: nothing to read (the signed-in screens never get here).
    if (!uid) return
    return watchRecord(
      watch,
      liveRecords.verifiedLevel,
      [uid],
      (level) => setState({ status: 'ready', level }),
      (error) => {
        console.error('Failed to read the verification level', error)
        setState({ status: 'error' })
      },
    )
  }, [uid, watch])
  return state
}
