/** Walking pace, m/s: the slowest a simulated walk goes. */
const WALKING_SPEED = 1.4
/** A simulated walk to a drop takes about this long, so a far drop is not a coffee break away. */
const WALK_SECONDS = 10

/**
 * The speed of the simulator's "Walk here" to a drop `distance` m away:
 * about ten seconds whatever the distance, never slower than walking;
 * `undefined` (the simulator's own pace) when the distance is not known.
 *
 * @example
 * ```ts
 * simulator.walk([{ lat: drop.lat, lng: drop.lng }], simulatedWalkSpeed(420)) // 42 m/s
 * ```
 */
export function simulatedWalkSpeed(distance: number | null): number | undefined {
  return distance === null ? undefined : Math.max(WALKING_SPEED, distance / WALK_SECONDS)
}
