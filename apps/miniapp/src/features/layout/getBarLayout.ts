/** Which bars the signed-in layout shows on a route (spec §2). */
export interface BarLayout {
  /** Logo + avatar; hidden on /profile and /inventory. */
  topBar: boolean
  /** Hidden on /profile; a back button to / on /map; a map-pin button to /map elsewhere. */
  bottomBar: 'hidden' | 'back' | 'map-pin'
}

/** `/map/` and `/map` are the same route; Vike's pathnames have no query or hash. */
const normalize = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname)

/**
 * The bar rules of spec §2 for a pathname.
 *
 * @example
 * ```ts
 * getBarLayout('/map') // { topBar: true, bottomBar: 'back' }
 * getBarLayout('/profile') // { topBar: false, bottomBar: 'hidden' }
 * ```
 */
export function getBarLayout(pathname: string): BarLayout {
  const path = normalize(pathname)
  return {
    topBar: path !== '/profile' && path !== '/inventory',
    bottomBar: path === '/profile' ? 'hidden' : path === '/map' ? 'back' : 'map-pin',
  }
}
