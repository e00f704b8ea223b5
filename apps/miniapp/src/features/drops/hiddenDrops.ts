// Module state on purpose: one page session (the app navigates on the client,
// so the map unmounts and mounts again in the same session). A drop id names
// its spawn window, so an id hidden here never hides a later window's drop.
const hiddenByPlayer = new Map<string, Set<string>>()

/**
 * The drops a player has found gone this page session — collected, expired,
 * taken by someone else, or on a spot they already found today
 * (`spot_already_found`: its record stays in the database for the rest of
 * its window, but it is not theirs to find) — so the map, opened again
 * within the window, does not draw them again. Without a player (`null`),
 * a memory of its own that nothing else shares.
 *
 * @example
 * ```ts
 * const hidden = hiddenDropsOf(user.uid)
 * hidden.add(dropId)
 * live.filter((drop) => !hidden.has(drop.id))
 * ```
 */
export function hiddenDropsOf(uid: string | null): Set<string> {
  if (uid === null) return new Set()
  let hidden = hiddenByPlayer.get(uid)
  if (!hidden) {
    hidden = new Set()
    hiddenByPlayer.set(uid, hidden)
  }
  return hidden
}

/**
 * Forget every player's hidden drops (tests: each starts a fresh session).
 *
 * @example
 * ```ts
 * afterEach(forgetHiddenDrops)
 * ```
 */
export function forgetHiddenDrops(): void {
  hiddenByPlayer.clear()
}
