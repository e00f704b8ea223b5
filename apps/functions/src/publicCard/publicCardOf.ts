import { displayNameOf, generatedNameOf, isRefusedName } from '@worldmap/game'

/** A public card as every viewer sees it: a name that is always shown, and an avatar or none. */
export interface ShownCard {
  username: string
  /** `null`: the app shows its default avatar. */
  profilePictureUrl: string | null
}

/** Longer avatar URLs are not World's: theirs are a CDN path. */
const maxAvatarUrlLength = 2048

/**
 * `raw` as an avatar URL when it is served from one of `allowedOrigins`
 * (exact `URL.origin` match, so `https://cdn.example.evil.test` does not pass
 * for `https://cdn.example`), else `null`.
 *
 * @example
 * ```ts
 * allowedAvatarOf('https://cdn.world.test/a.png', ['https://cdn.world.test']) // the URL
 * allowedAvatarOf('https://tracker.test/p.gif', ['https://cdn.world.test']) // null
 * ```
 */
export function allowedAvatarOf(raw: unknown, allowedOrigins: readonly string[]): string | null {
  if (typeof raw !== 'string' || raw.length > maxAvatarUrlLength || !URL.canParse(raw)) return null
  const url = new URL(raw)
  if (url.username || url.password) return null
  return allowedOrigins.includes(url.origin) ? url.href : null
}

/**
 * What a stored card (`/publicProfiles/{publicId}`) shows: its name when
 * {@link displayNameOf} accepts it, else the player's generated name
 * (`generatedNameOf(publicId)`); its avatar only from an allowed origin, and
 * never beside a refused name ({@link isRefusedName}: a bidi override, only
 * blank characters …): the account chose a name made to mislead, and its
 * picture beside the generated name would still pass for whoever it copies.
 * Applied both when the server writes a card and
 * when the board reads one, so a card written before these rules never shows
 * what they refuse.
 *
 * @example
 * ```ts
 * publicCardOf({ username: 'ana\u202E', profilePictureUrl: 'https://cdn.world.test/a.png' }, 'p1', ['https://cdn.world.test'])
 * // { username: generatedNameOf('p1'), profilePictureUrl: null }
 * ```
 */
export function publicCardOf(stored: unknown, publicId: string, allowedOrigins: readonly string[]): ShownCard {
  const card = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {}
  return {
    username: displayNameOf(card.username) ?? generatedNameOf(publicId),
    profilePictureUrl: isRefusedName(card.username) ? null : allowedAvatarOf(card.profilePictureUrl, allowedOrigins),
  }
}
