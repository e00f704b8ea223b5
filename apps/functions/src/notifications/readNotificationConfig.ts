import * as z from 'zod'
import { DEVELOPER_PORTAL_URL, LOCAL_GAME_DEFAULTS } from '../config/readFunctionsConfig.js'
import { ConfigError, type ConfigProblem } from '../errors/ConfigError.js'

/** Where streak nudges go: the Developer Portal's send-notification API. */
export interface NotificationConfig {
  /** Base URL (`POST {apiUrl}/api/v2/minikit/send-notification`). */
  apiUrl: string
  /** The portal's API key (a secret: Secret Manager in a deploy, the stack's stand-in key locally). */
  apiKey: string
  /** The mini app the notifications open (`app_…`), the same id World ID proofs are made for. */
  appId: string
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

const urlSchema = z
  .string()
  .trim()
  .refine((value) => {
    if (!URL.canParse(value)) return false
    const url = new URL(value)
    return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname))
  })
  .transform((value) => value.replace(/\/+$/, ''))
// The portal's keys are `api_` and a long random part; anything short is a placeholder.
const apiKeySchema = z.string().trim().min(16).max(512)
const appIdSchema = z.string().regex(/^app_[A-Za-z0-9_]{1,64}$/)

/**
 * The streak nudges' settings, zod-checked: `WORLDMAP_NOTIFICATIONS_API_URL`
 * (https, http only to a loopback host; production default: the Developer
 * Portal), `WORLDMAP_NOTIFICATIONS_API_KEY` (a secret, required whenever a URL
 * is in force) and `WORLDMAP_APP_ID` (local default `app_staging_worldmap`).
 * In local mode with no URL set, notifications are off: `null`.
 *
 * @throws {ConfigError} naming the invalid variables and why, never their values.
 * @example
 * ```ts
 * const config = readNotificationConfig(process.env) // null locally without the stand-in
 * ```
 */
export function readNotificationConfig(env: Record<string, string | undefined>): NotificationConfig | null {
  const production = env.WORLDMAP_MODE === 'production'
  const rawUrl = env.WORLDMAP_NOTIFICATIONS_API_URL?.trim() || (production ? DEVELOPER_PORTAL_URL : undefined)
  if (rawUrl === undefined) return null
  const problems: ConfigProblem[] = []
  const url = urlSchema.safeParse(rawUrl)
  if (!url.success)
    problems.push({ variable: 'WORLDMAP_NOTIFICATIONS_API_URL', reason: 'must be an https URL (http only for a loopback host)' })
  const rawKey = env.WORLDMAP_NOTIFICATIONS_API_KEY ?? ''
  const key = apiKeySchema.safeParse(rawKey)
  if (!key.success)
    problems.push({
      variable: 'WORLDMAP_NOTIFICATIONS_API_KEY',
      reason: rawKey.trim() === '' ? 'is not set' : 'must be the Developer Portal API key (16–512 characters)',
    })
  const rawAppId = env.WORLDMAP_APP_ID?.trim() || (production ? '' : LOCAL_GAME_DEFAULTS.appId)
  const appId = appIdSchema.safeParse(rawAppId)
  if (!appId.success) problems.push({ variable: 'WORLDMAP_APP_ID', reason: 'must be a Developer Portal app id (app_…)' })
  if (problems.length > 0 || !url.success || !key.success || !appId.success) throw new ConfigError(problems)
  return { apiUrl: url.data, apiKey: key.data, appId: appId.data }
}
