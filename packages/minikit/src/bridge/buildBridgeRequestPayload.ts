import type { VerificationLevel } from '../protocol/verificationLevels.js'
import {
  type CredentialType,
  DEFAULT_VERIFICATION_LEVEL,
  verificationLevelToCredentialTypes,
} from '../protocol/verificationLevels.js'
import type { AbiEncodedValue } from '../types.js'
import { encodeAction } from '../utils/encodeAction.js'
import { generateSignal } from '../utils/generateSignal.js'

/** Input of {@link buildBridgeRequestPayload}: the verification part of a session config. */
export interface BridgeRequestInput {
  app_id: `app_${string}`
  action: string | AbiEncodedValue
  action_description?: string | undefined
  signal?: string | AbiEncodedValue | undefined
  verification_level?: VerificationLevel | undefined
}

/** Wire type: the plaintext of `POST /request`'s payload, as the wallet reads it. */
export interface BridgeRequestPayload {
  app_id: `app_${string}`
  action_description?: string
  action: string
  signal: `0x${string}`
  credential_types: CredentialType[]
  verification_level: VerificationLevel
}

/**
 * The request the wallet decrypts, keys in the order IDKit sends them
 * (`app_id, action_description, action, signal, credential_types,
 * verification_level`; an absent description is left out). The action is
 * encoded and the signal hashed exactly like the in-app `verify` command.
 *
 * @throws {InvalidPayloadError} unknown verification level, or ABI types/values of different lengths.
 *
 * @example
 * ```ts
 * buildBridgeRequestPayload({ app_id: 'app_123', action: 'vote' }).credential_types // ['orb']
 * ```
 */
export function buildBridgeRequestPayload(input: BridgeRequestInput): BridgeRequestPayload {
  const verification_level = input.verification_level ?? DEFAULT_VERIFICATION_LEVEL
  return {
    app_id: input.app_id,
    // Spread in place so the key keeps its position when present.
    ...(input.action_description === undefined ? {} : { action_description: input.action_description }),
    action: encodeAction(input.action),
    signal: generateSignal(input.signal),
    credential_types: verificationLevelToCredentialTypes(verification_level),
    verification_level,
  }
}
