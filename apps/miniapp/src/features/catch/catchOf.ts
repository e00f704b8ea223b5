import type { DropKind, Rarity } from '@worldmap/game'
import type { CollectDropReply } from '@worldmap/game/contract'

/**
 * A catch as the reveal shows it: `collectDrop`'s reply (its contract row's
 * type, never retyped), with the details an older server leaves out filled
 * in — the item, whether it is a first find and the count — and the reward
 * (`points`, `progress`) as sent.
 */
export type Catch = { [key in 'item' | 'firstFind' | 'count']-?: NonNullable<CollectDropReply[key]> } & Pick<
  CollectDropReply,
  'points' | 'progress'
>

/**
 * The {@link Catch} of a collect's reply: an older server that sends no
 * details reads as an ordinary find of the drop the client saw (`known`).
 *
 * @example
 * ```ts
 * catchOf(reply, { kind: drop.kind, rarity: drop.rarity }) // { item, firstFind, count, points, progress }
 * ```
 */
export function catchOf(reply: CollectDropReply, known: { kind: DropKind; rarity: Rarity }): Catch {
  return {
    item: reply.item ?? known,
    firstFind: reply.firstFind ?? false,
    count: reply.count ?? 1,
    points: reply.points,
    progress: reply.progress,
  }
}
