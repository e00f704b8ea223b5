import { createServerClock } from './createServerClock.js'

/**
 * The app's one game clock (a {@link createServerClock}): read it wherever
 * game time matters, never `Date.now()`. It learns the server's offset from
 * `POST /api/sign-nonce` (`login`) and from the database's
 * `.info/serverTimeOffset` (`watchServerTimeOffset`). Creating it touches no
 * global: importing this module has no side effect.
 *
 * @example
 * ```ts
 * spawnWindowOf(gameClock.now())
 * ```
 */
export const gameClock = createServerClock()

/**
 * `gameClock.now`, as a function value to hand to the code that takes a `now` dependency.
 *
 * @example
 * ```ts
 * <ProgressCard uid={uid} watch={watch} now={gameNow} />
 * ```
 */
export const gameNow = (): number => gameClock.now()
