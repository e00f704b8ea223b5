import type { DropKind } from '@worldmap/game'

/**
 * A drop's display name: its kind, capitalised (the sheet's title).
 *
 * @example
 * ```ts
 * dropName('gem') // 'Gem'
 * ```
 */
export function dropName(kind: DropKind): string {
  return kind.charAt(0).toUpperCase() + kind.slice(1)
}
