/**
 * What the app calls a player who has no World App username: one friendly
 * word, the same on home, the profile and the leaderboard. Never any part of
 * the wallet address: players do not read addresses as names, and others
 * must never see one.
 */
export const FALLBACK_DISPLAY_NAME = 'Explorer'

/**
 * The name to show for a player, on every screen: their World App username
 * when they have one, otherwise {@link FALLBACK_DISPLAY_NAME}. It takes no
 * address at all, so no screen can show one by mistake.
 *
 * @example
 * ```ts
 * getDisplayName({ username: 'alice' }) // 'alice'
 * getDisplayName({ username: null }) // 'Explorer'
 * ```
 */
export function getDisplayName(player: { username: string | null | undefined }): string {
  const username = player.username?.trim()
  return username ? username : FALLBACK_DISPLAY_NAME
}
