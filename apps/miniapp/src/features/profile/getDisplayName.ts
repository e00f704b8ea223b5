import { displayNameOf, isRefusedName } from '@worldmap/game'

/**
 * The name to show for a player, on every screen — one name everywhere: the
 * World App username when the game can show it (`displayNameOf`: no
 * invisible or direction-changing characters, not too long), otherwise the
 * game's generated name for the player (`generatedName`, the leaderboard's
 * name for them, from the sign-in), and only without either `fallback`, the
 * one friendly word of the player's language, `t('profile.fallbackName')`
 * ("Explorer"). The leaderboard's rows carry the server's choice, made by
 * the same rules. It takes no address at all, so no screen can show one by
 * mistake: players do not read addresses as names, and others must never
 * see one.
 *
 * @example
 * ```ts
 * getDisplayName({ username: 'alice' }, t('profile.fallbackName')) // 'alice'
 * getDisplayName({ username: null, generatedName: 'Quiet Wren 6747' }, t('profile.fallbackName')) // 'Quiet Wren 6747'
 * getDisplayName({ username: null }, t('profile.fallbackName')) // 'Explorer'
 * ```
 */
export function getDisplayName(
  player: { username: string | null | undefined; generatedName?: string | null | undefined },
  fallback: string,
): string {
  return displayNameOf(player.username) ?? displayNameOf(player.generatedName) ?? fallback
}

/**
 * The picture to show beside {@link getDisplayName}'s name: the player's
 * avatar, except beside a refused username (`isRefusedName`: a direction
 * override, only blank characters …), which takes its picture with it as on
 * the board's cards (`publicCardOf` in the functions), so the player sees
 * themselves as everyone else does. `null`: the default person icon.
 *
 * @example
 * ```ts
 * getDisplayAvatar({ username: 'alice', profilePictureUrl: 'https://cdn.world.test/a.png' }) // 'https://cdn.world.test/a.png'
 * getDisplayAvatar({ username: '\u3164', profilePictureUrl: 'https://cdn.world.test/a.png' }) // null
 * ```
 */
export function getDisplayAvatar(player: {
  username: string | null | undefined
  profilePictureUrl: string | null | undefined
}): string | null {
  return isRefusedName(player.username) ? null : (player.profilePictureUrl ?? null)
}
