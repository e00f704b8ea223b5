import { useId } from 'react'
import { offlineReason } from '../../lib/connectivity/offlineReason.js'
import { useConnectivity } from '../../lib/connectivity/useConnectivity.js'
import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import { watchFirebaseValue } from '../../lib/firebase/watchFirebaseValue.js'
import { useT } from '../../lib/i18n/index.js'
import { useAuth } from '../auth/useAuth.js'
import { useVerifiedLevel } from './useVerifiedLevel.js'
import { useVerifyHuman, type VerifyHumanOptions } from './useVerifyHuman.js'

/** Props of {@link VerificationSection}; each has a production default. */
export interface VerificationSectionProps extends VerifyHumanOptions {
  /** Database listener; defaults to the app's Firebase database. */
  watch?: WatchValue
}

/**
 * The profile's World ID section: the level recorded on the profile (live),
 * and **Verify** while there is none — {@link useVerifyHuman}, the same flow
 * as home's card: World App's `verify` (the configured action, signal = the
 * uid, Orb by default), then the server checks the proof and records the
 * level. Failures say what happened: World App's error code, or the
 * server's refusal in words. Success and failure buzz.
 *
 * @example
 * ```tsx
 * <ProfileScreen sections={<VerificationSection />} />
 * ```
 */
export function VerificationSection(props: VerificationSectionProps) {
  const { user } = useAuth()
  if (!user) return null
  return <Verification uid={user.uid} {...props} />
}

function Verification({ uid, watch = watchFirebaseValue, ...options }: VerificationSectionProps & { uid: string }) {
  const titleId = useId()
  const t = useT()
  const recorded = useVerifiedLevel(uid, watch)
  const { state, start } = useVerifyHuman(uid, options)
  const offline = offlineReason(useConnectivity())
  // The live value wins; until it arrives, the level the server just answered.
  const current = (recorded.status === 'ready' ? recorded.level : null) ?? (state.status === 'verified' ? state.level : null)

  return (
    <section className="profile-section" aria-labelledby={titleId}>
      <h2 id={titleId}>World ID</h2>
      {current ? (
        <p className="verification-status verification-status-verified">
          {t('verification.verifiedHuman')} · <strong>{t(`verification.level.${current}`)}</strong>
        </p>
      ) : recorded.status === 'loading' ? (
        <p className="verification-status">{t('verification.checking')}</p>
      ) : (
        <>
          {recorded.status === 'error' ? (
            <p className="verification-status" role="alert">
              {t('verification.loadFailed')}
            </p>
          ) : (
            <p className="verification-status">{t('verification.notVerified')}</p>
          )}
          <button
            type="button"
            className="button button-primary"
            disabled={state.status === 'busy' || offline !== null}
            aria-busy={state.status === 'busy'}
            onClick={() => void start()}
          >
            {t('verification.verify')}
          </button>
          {/* The proof is checked by the server: offline, say why Verify is off. */}
          {offline && <p className="verification-status">{t(offline)}</p>}
        </>
      )}
      {state.status === 'verified' && (
        <p className="verification-result" role="status">
          {t('verification.verified')}
        </p>
      )}
      {state.status === 'failed' && (
        <p className="verification-error" role="alert">
          {t(state.messageKey)}
        </p>
      )}
    </section>
  )
}
