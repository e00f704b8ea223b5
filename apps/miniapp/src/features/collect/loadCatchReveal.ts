import type { ComponentType } from 'react'
import type { CatchRevealProps } from '../catch/CatchReveal.js'

let loading: Promise<ComponentType<CatchRevealProps>> | undefined

/**
 * Load the catch reveal on demand: its art and animation are their own
 * chunk, fetched while the player looks at a drop, not with the map. Loaded
 * once; a failed load is forgotten so the next collect retries.
 *
 * @example
 * ```ts
 * const CatchReveal = await loadCatchReveal()
 * ```
 */
export function loadCatchReveal(): Promise<ComponentType<CatchRevealProps>> {
  loading ??= import('../catch/CatchReveal.js').then(
    (module) => module.CatchReveal,
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}
