import * as z from 'zod'

/** More than a handful of avatar hosts is a misconfiguration, not World's CDN. */
export const MAX_AVATAR_ORIGINS = 8

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * One avatar origin: `https://host[:port]` (or `http://` to a loopback host,
 * for local stand-ins), nothing after it, as its `URL.origin`.
 */
const avatarOriginSchema = z
  .string()
  .trim()
  .refine((value) => {
    if (!URL.canParse(value)) return false
    const url = new URL(value)
    const scheme = url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname))
    return scheme && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password
  }, 'must be an https origin (http only for a loopback host)')
  .transform((value) => new URL(value).origin)

/**
 * The allowlist of avatar origins as configured (`WORLDMAP_AVATAR_ORIGINS`,
 * comma-separated; empty = no avatars): the functions store and show only
 * avatars from these origins, and the app's CSP `img-src` allows just them
 * besides its own. Shared so both read the variable the same way.
 *
 * @example
 * ```ts
 * avatarOriginsSchema.parse('https://cdn.world.test, http://127.0.0.1:5310') // ['https://cdn.world.test', 'http://127.0.0.1:5310']
 * ```
 */
export const avatarOriginsSchema = z
  .string()
  .transform((value) => value.split(',').filter((part) => part.trim() !== ''))
  .pipe(z.array(avatarOriginSchema).max(MAX_AVATAR_ORIGINS))
  .transform((origins) => [...new Set(origins)])
