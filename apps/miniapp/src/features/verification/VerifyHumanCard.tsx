import { useId } from 'react'
import { offlineReason } from '../../lib/connectivity/offlineReason.js'
import { useConnectivity } from '../../lib/connectivity/useConnectivity.js'
import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import { useT } from '../../lib/i18n/index.js'
import { useVerifiedLevel } from './useVerifiedLevel.js'
import { useVerifyHuman, type VerifyHumanOptions } from './useVerifyHuman.js'
import './verification.css'

/** Props of {@link VerifyHumanCard}. */
export interface VerifyHumanCardProps extends VerifyHumanOptions {
  uid: string
  watch: WatchValue
  /**
   * Where the player came from to verify (a map path, `readReturnPath`):
   * success offers "Back to the map" there. `null`: "Open the map".
   */
  returnTo?: string | null
}

/**
 * The home screen's "Verify you're human" card, verifying right here: shown
 * once the profile is known to have no World ID level, with **Verify**
 * ({@link useVerifyHuman}, the profile's flow). While it runs the button says
 * so; a failure is one plain sentence with Try again. On success the card
 * turns into "You're verified" and sends the player back to the game: the
 * map, or the drop they came from (`returnTo`). Nothing while loading (no
 * flash for verified players) or when the level could not be read.
 *
 * @example
 * ```tsx
 * <VerifyHumanCard uid={user.uid} watch={watchFirebaseValue} returnTo="/map?drop=w21z73t_997459_0" />
 * ```
 */
export function VerifyHumanCard({ uid, watch, returnTo = null, ...options }: VerifyHumanCardProps) {
  const titleId = useId()
  const t = useT()
  const recorded = useVerifiedLevel(uid, watch)
  const { state, start } = useVerifyHuman(uid, options)
  const offline = offlineReason(useConnectivity())

  // Verified here: the card stays, as the way back into the game (the live level alone would hide it).
  if (state.status === 'verified') {
    return (
      <section className="card card-column card-verify card-verify-done" aria-labelledby={titleId}>
        <div className="card-verify-head">
          <span aria-hidden="true" className="card-icon">
            ✓
          </span>
          <div>
            <h2 id={titleId} className="card-title">
              {t('verification.doneTitle')}
            </h2>
            <p className="card-sub" role="status">
              {returnTo ? t('verification.doneSubReturn') : t('verification.doneSub')}
            </p>
          </div>
        </div>
        <a href={returnTo ?? '/map'} className="button card-verify-action">
          {returnTo ? t('verification.backToMap') : t('common.openMap')}
        </a>
      </section>
    )
  }
  if (recorded.status !== 'ready' || recorded.level) return null
  const busy = state.status === 'busy'
  return (
    <section id="verify" className="card card-column card-verify" aria-labelledby={titleId} aria-busy={busy}>
      <div className="card-verify-head">
        <span aria-hidden="true" className="card-icon">
          ✓
        </span>
        <div>
          <h2 id={titleId} className="card-title">
            {t('verification.cardTitle')}
          </h2>
          <p className="card-sub">{returnTo ? t('verification.cardSubReturn') : t('verification.cardSub')}</p>
        </div>
      </div>
      {state.status === 'failed' && (
        <p className="card-verify-error" role="alert">
          {t(state.messageKey)}
        </p>
      )}
      {/* The proof is checked by the server: offline, say why Verify is off. */}
      {offline && <p className="card-sub">{t(offline)}</p>}
      <button
        type="button"
        className="button card-verify-action"
        disabled={busy || offline !== null}
        aria-busy={busy}
        onClick={() => void start()}
      >
        {busy ? t('verification.verifying') : state.status === 'failed' ? t('common.tryAgain') : t('verification.verify')}
      </button>
    </section>
  )
}
