import { avatarOriginsSchema } from '@worldmap/game'
import * as z from 'zod'
import { ConfigError, type ConfigProblem } from '../errors/ConfigError.js'

/** Where public cards' names and avatars come from. */
export interface PublicCardConfig {
  /**
   * Base URL of World's usernames service (`POST {base}/api/v1/query`), or
   * `null` when none is configured in local mode: every card then shows its
   * generated name.
   */
  usernamesUrl: string | null
  /** The origins an avatar may be served from (`URL.origin`); any other avatar is dropped. */
  avatarOrigins: string[]
}

/** World's usernames service, the production default of `WORLDMAP_USERNAMES_URL`. */
export const WORLD_USERNAMES_URL = 'https://usernames.worldcoin.org'

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/** https, or http to this machine (the local stand-ins). */
const isAllowedUrl = (url: URL) => url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname))

const urlSchema = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && isAllowedUrl(new URL(value)))
  .transform((value) => value.replace(/\/+$/, ''))

/**
 * The public cards' settings: `WORLDMAP_USERNAMES_URL` (World's usernames
 * service; {@link WORLD_USERNAMES_URL} in production when unset, none in
 * local mode) and `WORLDMAP_AVATAR_ORIGINS` (comma-separated origins avatars
 * may come from: the usernames service's CDN in production, the stand-in's
 * origin locally; unset = no avatars, every card shows the app's default).
 * URLs are https, or http to a loopback host.
 *
 * @throws {ConfigError} naming the invalid variables and why.
 * @example
 * ```ts
 * const { usernamesUrl, avatarOrigins } = readPublicCardConfig(process.env)
 * ```
 */
export function readPublicCardConfig(env: Record<string, string | undefined>): PublicCardConfig {
  const problems: ConfigProblem[] = []
  const production = env.WORLDMAP_MODE === 'production'
  const rawUrl = env.WORLDMAP_USERNAMES_URL?.trim() || (production ? WORLD_USERNAMES_URL : undefined)
  const url = rawUrl === undefined ? undefined : urlSchema.safeParse(rawUrl)
  if (url && !url.success)
    problems.push({ variable: 'WORLDMAP_USERNAMES_URL', reason: 'must be an https URL (http only for a loopback host)' })
  const origins = avatarOriginsSchema.safeParse(env.WORLDMAP_AVATAR_ORIGINS ?? '')
  if (!origins.success)
    problems.push({
      variable: 'WORLDMAP_AVATAR_ORIGINS',
      reason: 'must be up to 8 comma-separated https origins (http only for a loopback host)',
    })
  if (problems.length > 0) throw new ConfigError(problems)
  return { usernamesUrl: url?.success ? url.data : null, avatarOrigins: origins.success ? origins.data : [] }
}
