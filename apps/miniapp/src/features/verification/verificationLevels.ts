import type { VerificationLevel } from '@worldmap/minikit'

/**
 * World ID levels, weakest first, with the names the app shows (mirrors the
 * server's `VERIFICATION_LEVELS`; the app never imports server code).
 *
 * @example
 * ```ts
 * verificationLevels.orb // 'Orb'
 * ```
 */
export const verificationLevels: Record<VerificationLevel, string> = {
  device: 'Device',
  document: 'Document',
  secure_document: 'Secure document',
  orb: 'Orb',
}
