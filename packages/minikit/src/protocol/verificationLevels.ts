import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { safeString } from '../errors/safeString.js'

/** World ID verification levels. */
export const VerificationLevel = {
  Orb: 'orb',
  SecureDocument: 'secure_document',
  Document: 'document',
  Device: 'device',
} as const
export type VerificationLevel = (typeof VerificationLevel)[keyof typeof VerificationLevel]

/** Credentials a World ID proof can come from. */
export const CredentialType = {
  Orb: 'orb',
  SecureDocument: 'secure_document',
  Document: 'document',
  Device: 'device',
} as const
export type CredentialType = (typeof CredentialType)[keyof typeof CredentialType]

/** Which credentials satisfy each verification level (spec §5). */
export const CREDENTIAL_TYPES_BY_LEVEL: Readonly<Record<VerificationLevel, readonly CredentialType[]>> = {
  device: ['orb', 'device'],
  document: ['document', 'secure_document', 'orb'],
  secure_document: ['secure_document', 'orb'],
  orb: ['orb'],
}

/** The default verification level. */
export const DEFAULT_VERIFICATION_LEVEL: VerificationLevel = 'orb'

const has = (record: object, key: unknown): boolean => typeof key === 'string' && Object.hasOwn(record, key)

/**
 * The credential types accepted for a verification level; an unknown
 * level is an {@link InvalidPayloadError}.
 *
 * @example
 * ```ts
 * verificationLevelToCredentialTypes('document') // ['document', 'secure_document', 'orb']
 * ```
 */
export function verificationLevelToCredentialTypes(level: unknown): CredentialType[] {
  if (!has(CREDENTIAL_TYPES_BY_LEVEL, level)) {
    throw new InvalidPayloadError(`Unknown verification level: ${safeString(level)}`, { command: 'verify' })
  }
  return [...CREDENTIAL_TYPES_BY_LEVEL[level as VerificationLevel]]
}

/**
 * Check a credential type; an unknown one is an {@link InvalidPayloadError}.
 *
 * @example
 * ```ts
 * assertCredentialType('orb')
 * ```
 */
export function assertCredentialType(type: unknown): asserts type is CredentialType {
  if (!Object.values(CredentialType).includes(type as CredentialType)) {
    throw new InvalidPayloadError(`Unknown credential type: ${safeString(type)}`, { command: 'verify' })
  }
}
