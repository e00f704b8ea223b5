import {
  type SendHapticFeedbackInput,
  sendHapticFeedback,
  type VerificationLevel,
  type VerifyInput,
  type VerifyResult,
  verify as verifyCommand,
} from '@worldmap/minikit'
import { useId, useState } from 'react'
import { getClientConfig } from '../../lib/config/getClientConfig.js'
import { callFunction } from '../../lib/firebase/callFunction.js'
import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import { watchFirebaseValue } from '../../lib/firebase/watchFirebaseValue.js'
import { useAuth } from '../auth/useAuth.js'
import { toVerifyHumanError } from './toVerifyHumanError.js'
import { useVerifiedLevel } from './useVerifiedLevel.js'
import { verificationLevels } from './verificationLevels.js'
import { type HumanProof, verifyHuman } from './verifyHuman.js'

/** Props of {@link VerificationSection}; each has a production default. */
export interface VerificationSectionProps {
  /** The level asked of World App. @default 'orb' */
  level?: VerificationLevel
  /** Defaults to the `verify` command of `@worldmap/minikit`. */
  verify?: (input: VerifyInput) => Promise<VerifyResult>
  /** Defaults to the `verifyHuman` callable. */
  callVerifyHuman?: (proof: HumanProof) => Promise<unknown>
  /** Database listener; defaults to the app's Firebase database. */
  watch?: WatchValue
  /** Defaults to `sendHapticFeedback`. */
  haptics?: (input: SendHapticFeedbackInput) => Promise<unknown>
  /** The incognito action proofs are asked for; defaults to the client config's `verifyAction`. */
  getAction?: () => string
}

type VerifyState =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'verified'; level: VerificationLevel }
  | { status: 'failed'; message: string }

const callVerifyHumanFunction = (proof: HumanProof) => callFunction(getClientConfig(), 'verifyHuman', proof)
// Read when the player taps Verify: the client config exists only in the browser.
const configuredAction = () => getClientConfig().verifyAction

/**
 * The profile's World ID section: the level recorded on the profile (live),
 * and **Verify** while there is none — World App's `verify` (the configured
 * action, signal = the uid, Orb by default), then the server checks
 * the proof and records the level. Failures say what happened: World App's
 * error code, or the server's refusal in words. Success and failure buzz.
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

function Verification({
  uid,
  level = 'orb',
  verify = verifyCommand,
  callVerifyHuman = callVerifyHumanFunction,
  watch = watchFirebaseValue,
  haptics = sendHapticFeedback,
  getAction = configuredAction,
}: VerificationSectionProps & { uid: string }) {
  const titleId = useId()
  const recorded = useVerifiedLevel(uid, watch)
  const [state, setState] = useState<VerifyState>({ status: 'idle' })
  // The live value wins; until it arrives, the level the server just answered.
  const current = (recorded.status === 'ready' ? recorded.level : null) ?? (state.status === 'verified' ? state.level : null)

  const buzz = (style: 'success' | 'error') => {
    // Outside World App the command is unavailable; a missing buzz must never break verifying.
    try {
      haptics({ hapticsType: 'notification', style }).catch(() => {})
    } catch {}
  }

  const start = async () => {
    setState({ status: 'busy' })
    try {
      const verifiedLevel = await verifyHuman({ uid, action: getAction(), level }, { verify, callVerifyHuman })
      setState({ status: 'verified', level: verifiedLevel })
      buzz('success')
    } catch (error) {
      const failure = toVerifyHumanError(error)
      console.error('Failed to verify as a human', failure)
      setState({ status: 'failed', message: failure.message })
      buzz('error')
    }
  }

  return (
    <section className="profile-section" aria-labelledby={titleId}>
      <h2 id={titleId}>World ID</h2>
      {current ? (
        <p className="verification-status verification-status-verified">
          Verified human · <strong>{verificationLevels[current]}</strong>
        </p>
      ) : recorded.status === 'loading' ? (
        <p className="verification-status">Checking your verification…</p>
      ) : (
        <>
          {recorded.status === 'error' ? (
            <p className="verification-status" role="alert">
              Your verification status could not be loaded.
            </p>
          ) : (
            <p className="verification-status">Not verified. Verify with World ID to collect drops.</p>
          )}
          <button
            type="button"
            className="button button-primary"
            disabled={state.status === 'busy'}
            aria-busy={state.status === 'busy'}
            onClick={() => void start()}
          >
            Verify
          </button>
        </>
      )}
      {state.status === 'verified' && (
        <p className="verification-result" role="status">
          You're verified.
        </p>
      )}
      {state.status === 'failed' && (
        <p className="verification-error" role="alert">
          {state.message}
        </p>
      )}
    </section>
  )
}
