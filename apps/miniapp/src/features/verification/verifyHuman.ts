import { type HumanProof, verifyHumanContract } from '@worldmap/game/contract'
import type { VerificationLevel, VerifyInput, VerifyResult } from '@worldmap/minikit'
import { callContract } from '../../lib/firebase/callContract.js'
import { toVerifyHumanError } from './toVerifyHumanError.js'
import { VerifyHumanError } from './VerifyHumanError.js'

/** Wire type: what the `verifyHuman` callable reads (`verifyHumanContract`'s request). */
export type { HumanProof } from '@worldmap/game/contract'

/** What {@link verifyHuman} needs: the `verify` command and the callable (fakes in tests). */
export interface VerifyHumanDependencies {
  verify: (input: VerifyInput) => Promise<VerifyResult>
  callVerifyHuman: (proof: HumanProof) => Promise<unknown>
}

/**
 * Prove the signed-in user is a human: ask World App for a World ID proof
 * for the configured incognito action (`PUBLIC_ENV__VERIFY_ACTION`, the
 * same action the functions check, `WORLDMAP_VERIFY_ACTION`) with the user's
 * uid as the signal (so the proof cannot be replayed for another account),
 * then have the server check it
 * and record the level on `/profiles/{uid}`. Resolves with the recorded
 * level — the highest the profile has, which may be above the one asked for.
 *
 * @throws {VerifyHumanError} `wallet_error` (World App's error reply, with its code),
 *   `command_failed` (the command could not run), or the server's code.
 * @example
 * ```ts
 * const level = await verifyHuman({ uid: user.uid, action: getClientConfig().verifyAction }, { verify, callVerifyHuman })
 * ```
 */
export async function verifyHuman(
  input: { uid: string; action: string; level?: VerificationLevel },
  dependencies: VerifyHumanDependencies,
): Promise<VerificationLevel> {
  let reply: VerifyResult
  try {
    reply = await dependencies.verify({
      action: input.action,
      signal: input.uid,
      verification_level: input.level ?? 'orb',
    })
  } catch (error) {
    // MiniKit errors carry the spec's text as `shortMessage`; `message` adds detail lines.
    const reason = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error)
    throw new VerifyHumanError('command_failed', { reason, cause: error })
  }
  if (reply.status !== 'success') throw new VerifyHumanError('wallet_error', { walletErrorCode: reply.error_code })

  const proof: HumanProof = {
    proof: reply.proof,
    merkle_root: reply.merkle_root,
    nullifier_hash: reply.nullifier_hash,
    // The SDK types World App's level as any string; the server checks it against the contract's levels.
    verification_level: reply.verification_level as HumanProof['verification_level'],
  }
  try {
    const { verifiedLevel } = await callContract(verifyHumanContract, proof, (_name, data) =>
      dependencies.callVerifyHuman(data as HumanProof),
    )
    return verifiedLevel
  } catch (error) {
    throw toVerifyHumanError(error)
  }
}
