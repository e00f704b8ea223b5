import type { ShareInput, ShareResult } from '@worldmap/minikit'
import { dropName } from '../map/dropName.js'
import { rarityColors } from '../map/rarityColors.js'
import { createShareCard, type ShareCardFind } from './createShareCard.js'

/** How sharing went, as the inventory shows it. */
export type ShareFindOutcome = { status: 'shared' } | { status: 'cancelled' } | { status: 'failed'; message: string }

/** What {@link shareFind} needs: the `share` command and the card maker (fakes in tests). */
export interface ShareFindDependencies {
  share: (input: ShareInput) => Promise<ShareResult>
  createCard?: (find: ShareCardFind) => Promise<File>
}

/**
 * The share text: "I found a Rare Gem on WorldMap!", or the count when
 * there are several.
 *
 * @example
 * ```ts
 * shareText({ kind: 'gem', rarity: 'epic', count: 1 }) // 'I found an Epic Gem on WorldMap!'
 * ```
 */
export function shareText(find: Pick<ShareCardFind, 'kind' | 'rarity' | 'count'>): string {
  const name = `${rarityColors[find.rarity].label} ${dropName(find.kind)}`
  if (find.count > 1) return `I have found ${find.count} × ${name} on WorldMap!`
  return `I found ${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name} on WorldMap!`
}

/**
 * Share a find through World App: draw its image card, then send the
 * `share` command with the card and a line of text. Never throws: every
 * failure (the card, an unavailable command, an error reply) becomes a
 * readable outcome, and the user closing the sheet is `cancelled`.
 *
 * @example
 * ```ts
 * const outcome = await shareFind({ kind: 'gem', rarity: 'rare', count: 1, foundAt }, { share })
 * if (outcome.status === 'failed') show(outcome.message)
 * ```
 */
export async function shareFind(find: ShareCardFind, dependencies: ShareFindDependencies): Promise<ShareFindOutcome> {
  const { share, createCard = createShareCard } = dependencies
  let result: ShareResult
  try {
    const card = await createCard(find)
    result = await share({ files: [card], title: 'WorldMap', text: shareText(find) })
  } catch (error) {
    // MiniKit errors carry the spec's text as `shortMessage`; `message` adds detail lines.
    const reason = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error)
    return { status: 'failed', message: `Sharing failed: ${reason}` }
  }
  if (result.status === 'success') return { status: 'shared' }
  if (result.error_code === 'user_rejected') return { status: 'cancelled' }
  return { status: 'failed', message: `Sharing failed (${result.error_code}).` }
}
