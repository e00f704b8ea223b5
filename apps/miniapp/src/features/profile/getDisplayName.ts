/**
 * The name to show for a player, on every screen: their World App username
 * when they have one, otherwise `fallback` — the one friendly word of the
 * player's language, `t('profile.fallbackName')` ("Explorer", "Explorador",
 * "Penjelajah"), the same on home, the profile and the leaderboard. It takes
 * no address at all, so no screen can show one by mistake: players do not
 * read addresses as names, and others must never see one.
 *
 * @example
 * ```ts
 * getDisplayName({ username: 'alice' }, t('profile.fallbackName')) // 'alice'
 * getDisplayName({ username: null }, t('profile.fallbackName')) // 'Explorer'
 * ```
 */
export function getDisplayName(player: { username: string | null | undefined }, fallback: string): string {
  const username = player.username?.trim()
  return username ? username : fallback
}
