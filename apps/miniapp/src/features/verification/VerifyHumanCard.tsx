import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import { useVerifiedLevel } from './useVerifiedLevel.js'

/**
 * The home screen's "Verify you're human" card: shown once the profile is
 * known to have no World ID level, linking to /profile where Verify is.
 * Nothing while loading (no flash for verified users) or when the level
 * could not be read.
 *
 * @example
 * ```tsx
 * <VerifyHumanCard uid={user.uid} watch={watchFirebaseValue} />
 * ```
 */
export function VerifyHumanCard({ uid, watch }: { uid: string; watch: WatchValue }) {
  const verified = useVerifiedLevel(uid, watch)
  if (verified.status !== 'ready' || verified.level) return null
  return (
    <a href="/profile" className="card card-cta card-verify">
      <span aria-hidden="true" className="card-icon">
        ✓
      </span>
      <span>
        <strong>Verify you're human</strong>
        <span className="card-sub">Verify with World ID to collect drops.</span>
      </span>
    </a>
  )
}
