import { formatWait } from '../../lib/format/formatWait.js'
import { verifyThenReturnTo } from '../verification/readReturnPath.js'
import type { SpawnRefusedError } from './SpawnRefusedError.js'

/** Props of {@link SpawnNotice}. */
export interface SpawnNoticeProps {
  refusal: SpawnRefusedError
  /** Whether the player is a verified human; `false` explains the smaller quota and links to Verify. */
  humanVerified: boolean | undefined
  onDismiss: () => void
}

/**
 * A small, dismissable notice over the map saying, in plain words, why no
 * new drops spawn here for now. The map keeps showing the drops already
 * around, so this is information, not an alarm. A player who is not
 * verified gets a smaller spawn quota (3 areas, then one every 20 minutes),
 * so for them the way forward is verifying, linked to home's verify card,
 * which leads back to the map. When unverified accounts have used up the
 * region's spawns (`area_asleep`, a limit across wallets), the same link
 * says verifying wakes the area up.
 *
 * @example
 * ```tsx
 * <SpawnNotice refusal={refusal} humanVerified={false} onDismiss={() => setDismissed(refusal)} />
 * ```
 */
export function SpawnNotice({ refusal, humanVerified, onDismiss }: SpawnNoticeProps) {
  const wait = formatWait(refusal.retryAfterMs)
  return (
    <div className="map-banner map-banner-info map-notice" role="status">
      <p className="map-notice-text">
        {refusal.code === 'area_asleep' && humanVerified === false ? (
          <>
            This area is asleep. <a href={verifyThenReturnTo('/map')}>Verify you're human</a> to wake it up
            {wait ? `, or come back in ${wait}` : ''}.
          </>
        ) : refusal.code === 'rate_limited' && humanVerified === false ? (
          <>
            <a href={verifyThenReturnTo('/map')}>Verify you're human</a> to discover new drops here
            {wait ? `, or come back in ${wait}` : ''}.
          </>
        ) : (
          refusal.message
        )}
      </p>
      <button type="button" className="map-notice-close" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  )
}
