import type { Command } from './protocol/protocol.js'
import type { VerificationLevel } from './protocol/verificationLevels.js'

/** Safe-area insets the host reports, in CSS pixels. */
export interface SafeAreaInsets {
  top: number
  right: number
  bottom: number
  left: number
}

/** Device facts copied from `window.WorldApp` at install. */
export interface DeviceProperties {
  safeAreaInsets?: SafeAreaInsets
  deviceOS?: string
  worldAppVersion?: number
}

/** Host permissions stored on the user after install. */
export interface UserPermissions {
  notifications: boolean
  contacts: boolean
}

/** Which World ID credentials the user holds (official 2.x `VerificationStatus`). */
export interface VerificationStatus {
  isOrbVerified: boolean
  isDocumentVerified: boolean
  isSecureDocumentVerified: boolean
}

/** The wallet user as the toolkit knows it. */
export interface User {
  walletAddress?: string
  username?: string | null
  profilePictureUrl?: string | null
  permissions?: UserPermissions
  optedIntoOptionalAnalytics?: boolean
  /** Read from World App at `MiniKit.install()` (official 2.x). */
  verificationStatus?: VerificationStatus
  /** The currency the user picked in World App, e.g. `USD` (official 2.x). */
  preferredCurrency?: string
  /** How many notifications wait for the user in this mini app (official 2.x). */
  pendingNotifications?: number
  /** @deprecated Moved to {@link DeviceProperties}. */
  deviceOS?: string
  /** @deprecated Moved to {@link DeviceProperties}. */
  worldAppVersion?: number
}

/** A user as returned by the usernames service. */
export interface UserNameService {
  walletAddress: string
  username?: string | null
  profilePictureUrl?: string | null
}

/**
 * Wire type: the object World App injects as `window.WorldApp`.
 */
export interface WorldAppWire {
  world_app_version: number
  device_os: string
  is_optional_analytics?: boolean
  supported_commands: Array<{ name: Command | string; supported_versions: number[] }>
  safe_area_insets?: SafeAreaInsets
}

/** Options accepted by every async command. */
export interface CommandOptions {
  /** Reject with `CommandTimeoutError` when the host has not replied in time (ms). */
  timeout?: number
  /** Reject with `CommandAbortedError` when this signal aborts. */
  signal?: AbortSignal
}

/** Any ABI-encodable value IDKit accepts as action or signal. */
export interface AbiEncodedValue {
  types: string[]
  values: unknown[]
}

export type { VerificationLevel }
