import type { ShareInput, ShareResult } from '@worldmap/minikit'
import type { Translate } from '../../lib/i18n/index.js'
import { dropName } from '../art/dropNames.js'
import type { ShareCardFind } from './createShareCard.js'

/** Why sharing failed: no share command (a plain browser), or anything else (an error reply, a broken bridge). */
export type ShareFailure = 'unavailable' | 'failed'

/** How sharing went, as the inventory shows it: failures as a reason the screen puts in plain words, no codes. */
export type ShareFindOutcome = { status: 'shared' } | { status: 'cancelled' } | { status: 'failed'; reason: ShareFailure }

/** The `share` command of `@worldmap/minikit` (a fake in tests). */
export type ShareCommand = (input: ShareInput) => Promise<ShareResult>

/**
 * The share text, in the player's language: "New find on WorldMap: Rare
 * Gem!", or the count when there are several.
 *
 * @example
 * ```ts
 * shareText(t, { kind: 'gem', rarity: 'epic', count: 1 }) // 'New find on WorldMap: Epic Gem!'
 * ```
 */
export function shareText(t: Translate, find: Pick<ShareCardFind, 'kind' | 'rarity' | 'count'>): string {
  return t('inventory.shareText', { count: find.count, name: dropName(t, find) })
}

/**
 * Share a find through World App: send the `share` command with its image
 * card (already made and previewed) and a line of text. Never throws: every
 * failure becomes a reason the screen words for the player (the details go
 * to the console for us), and the player closing the share sheet is `cancelled`.
 *
 * @example
 * ```ts
 * const outcome = await shareFind(card, share, shareText(t, find))
 * if (outcome.status === 'failed') show(t(outcome.reason === 'unavailable' ? 'inventory.shareUnavailable' : 'inventory.shareFailed'))
 * ```
 */
export async function shareFind(card: File, share: ShareCommand, text: string): Promise<ShareFindOutcome> {
  let result: ShareResult
  try {
    result = await share({ files: [card], title: 'WorldMap', text })
  } catch (error) {
    console.error('Sharing failed', error)
    const unavailable = (error as { code?: unknown } | null)?.code === 'command_unavailable'
    return { status: 'failed', reason: unavailable ? 'unavailable' : 'failed' }
  }
  if (result.status === 'success') return { status: 'shared' }
  if (result.error_code === 'user_rejected') return { status: 'cancelled' }
  console.error('Sharing failed', result)
  return { status: 'failed', reason: 'failed' }
}
