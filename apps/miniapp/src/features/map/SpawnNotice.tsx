import { type Translate, useLocale, useT } from '../../lib/i18n/index.js'
import type { SpawnRefusedError, SpawnRefusedErrorCode } from '../drops/SpawnRefusedError.js'
import { waitWords } from '../drops/waitWords.js'
import { verifyThenReturnTo } from '../verification/readReturnPath.js'

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
/** The notice for a verified (or not yet known) player: the refusal in words, with the wait when there is one. */
function refusalWords(t: Translate, code: SpawnRefusedErrorCode, wait: string | null): string {
  if (code === 'impossible_travel') return t('map.spawnJumped')
  if (code === 'area_asleep') return wait ? t('map.spawnAsleepWait', { wait }) : t('map.spawnAsleep')
  return wait ? t('map.spawnFastWait', { wait }) : t('map.spawnFast')
}

export function SpawnNotice({ refusal, humanVerified, onDismiss }: SpawnNoticeProps) {
  const t = useT()
  const wait = waitWords(refusal.retryAfterMs, useLocale())
  const link = <a href={verifyThenReturnTo('/map')}>{t('map.verifyLink')}</a>
  return (
    <div className="map-banner map-banner-info map-notice" role="status">
      <p className="map-notice-text">
        {refusal.code === 'area_asleep' && humanVerified === false ? (
          <>
            {t('map.asleepBefore')} {link} {wait ? t('map.asleepAfterWait', { wait }) : t('map.asleepAfter')}
          </>
        ) : refusal.code === 'rate_limited' && humanVerified === false ? (
          <>
            {link} {wait ? t('map.quotaAfterWait', { wait }) : t('map.quotaAfter')}
          </>
        ) : (
          refusalWords(t, refusal.code, wait)
        )}
      </p>
      <button type="button" className="map-notice-close" aria-label={t('map.dismiss')} onClick={onDismiss}>
        ×
      </button>
    </div>
  )
}
