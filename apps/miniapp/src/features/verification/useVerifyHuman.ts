import { verifyHumanContract } from '@worldmap/game/contract'
import {
  type SendHapticFeedbackInput,
  sendHapticFeedback,
  type VerificationLevel,
  type VerifyInput,
  type VerifyResult,
  verify as verifyCommand,
} from '@worldmap/minikit'
import { useCallback, useState } from 'react'
import { getClientConfig } from '../../lib/config/getClientConfig.js'
import { callFunction } from '../../lib/firebase/callFunction.js'
import { toVerifyHumanError } from './toVerifyHumanError.js'
import type { VerifyHumanError } from './VerifyHumanError.js'
import { type HumanProof, verifyHuman } from './verifyHuman.js'

/** What {@link useVerifyHuman} runs on; each has a production default (fakes in tests). */
export interface VerifyHumanOptions {
  /** The level asked of World App. @default 'orb' */
  level?: VerificationLevel
  /** Defaults to the `verify` command of `@worldmap/minikit`. */
  verify?: (input: VerifyInput) => Promise<VerifyResult>
  /** Defaults to the `verifyHuman` callable. */
  callVerifyHuman?: (proof: HumanProof) => Promise<unknown>
  /** Defaults to `sendHapticFeedback`. */
  haptics?: (input: SendHapticFeedbackInput) => Promise<unknown>
  /** The incognito action proofs are asked for; defaults to the client config's `verifyAction`. */
  getAction?: () => string
}

/** Where a verification started on this screen stands; `messageKey`: the catalogue key of the sentence for the player. */
export type VerifyHumanState =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'verified'; level: VerificationLevel }
  | { status: 'failed'; messageKey: VerifyHumanError['messageKey'] }

const callVerifyHumanFunction = (proof: HumanProof) => callFunction(getClientConfig(), verifyHumanContract.name, proof)
// Read when the player taps Verify: the client config exists only in the browser.
const configuredAction = () => getClientConfig().verifyAction

/**
 * Verify the signed-in player as a human from any screen (the profile's
 * World ID section, home's card): `start` runs {@link verifyHuman} (World
 * App's `verify`, then the server records the level), and `state` says how
 * it went — the failure as the plain sentence of `VerifyHumanError`, logged
 * with its codes. Success and failure buzz. One flow, so every screen
 * verifies the same way.
 *
 * @example
 * ```tsx
 * const { state, start } = useVerifyHuman(user.uid)
 * <button disabled={state.status === 'busy'} onClick={() => void start()}>Verify</button>
 * ```
 */
export function useVerifyHuman(
  uid: string,
  {
    level = 'orb',
    verify = verifyCommand,
    callVerifyHuman = callVerifyHumanFunction,
    haptics = sendHapticFeedback,
    getAction = configuredAction,
  }: VerifyHumanOptions = {},
): { state: VerifyHumanState; start: () => Promise<void> } {
  const [state, setState] = useState<VerifyHumanState>({ status: 'idle' })

  const start = useCallback(async () => {
    const buzz = (style: 'success' | 'error') => {
      // Outside World App the command is unavailable; a missing buzz must never break verifying.
      try {
        haptics({ hapticsType: 'notification', style }).catch(() => {})
      } catch {}
    }
    setState({ status: 'busy' })
    try {
      const verifiedLevel = await verifyHuman({ uid, action: getAction(), level }, { verify, callVerifyHuman })
      setState({ status: 'verified', level: verifiedLevel })
      buzz('success')
    } catch (error) {
      const failure = toVerifyHumanError(error)
      console.error('Failed to verify as a human', failure)
      setState({ status: 'failed', messageKey: failure.messageKey })
      buzz('error')
    }
  }, [uid, level, verify, callVerifyHuman, haptics, getAction])

  return { state, start }
}
