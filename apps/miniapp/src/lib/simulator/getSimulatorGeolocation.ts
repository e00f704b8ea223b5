/** A point on Earth, degrees. */
interface Point {
  lat: number
  lng: number
}

/**
 * The part of the World App simulator's geolocation control the app uses
 * (`@worldmap/simulator`'s `SimulatedGeolocation`), typed here narrowly so
 * the app never depends on the simulator package.
 */
export interface SimulatorGeolocation {
  /** Walk from the current position along `route`, at `speed` m/s. */
  walk(route: Point[], speed?: number): void
  /** Jump to a point. */
  set(point: Point): void
}

/**
 * The simulator's geolocation control when the World App simulator runs in
 * this page, else `undefined`. The simulator is injected only by its Vite
 * dev plugin or by Playwright, never in a production page, so callers can
 * show developer affordances (walk to a drop from a desk) exactly when this
 * returns something.
 *
 * @example
 * ```ts
 * getSimulatorGeolocation()?.walk([{ lat: drop.lat, lng: drop.lng }])
 * ```
 */
export function getSimulatorGeolocation(): SimulatorGeolocation | undefined {
  if (typeof window === 'undefined') return undefined
  // Read through a local shape rather than `declare global`: the simulator
  // package declares the full type for its own users, and the two must not clash.
  const geolocation = (window as { worldmapSimulator?: { geolocation?: Partial<SimulatorGeolocation> } }).worldmapSimulator
    ?.geolocation
  return typeof geolocation?.walk === 'function' && typeof geolocation.set === 'function'
    ? (geolocation as SimulatorGeolocation)
    : undefined
}
