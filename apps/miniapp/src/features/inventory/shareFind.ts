import type { ShareInput, ShareResult } from '@worldmap/minikit'
import { dropLabel } from '../art/dropLabel.js'
import type { ShareCardFind } from './createShareCard.js'

/** How sharing went, as the inventory shows it: failures in plain words, no codes. */
export type ShareFindOutcome = { status: 'shared' } | { status: 'cancelled' } | { status: 'failed'; message: string }

/** The `share` command of `@worldmap/minikit` (a fake in tests). */
export type ShareCommand = (input: ShareInput) => Promise<ShareResult>

/** Shown when the host has no share command: the app runs in a plain browser. */
export const SHARE_UNAVAILABLE_MESSAGE = 'Sharing works inside World App. Open WorldMap there to share your finds.'
/** Shown for any other failure: an error reply or a broken bridge. */
export const SHARE_FAILED_MESSAGE = 'Sharing did not work. Please try again.'

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
  const name = dropLabel(find)
  if (find.count > 1) return `I have found ${find.count} × ${name} on WorldMap!`
  return `I found ${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name} on WorldMap!`
}

/**
 * Share a find through World App: send the `share` command with its image
 * card (already made and previewed) and a line of text. Never throws: every
 * failure becomes a sentence for the player (the details go to the console
 * for us), and the player closing the share sheet is `cancelled`.
 *
 * @example
 * ```ts
 * const outcome = await shareFind({ kind: 'gem', rarity: 'rare', count: 1, foundAt }, card, share)
 * if (outcome.status === 'failed') show(outcome.message)
 * ```
 */
export async function shareFind(find: ShareCardFind, card: File, share: ShareCommand): Promise<ShareFindOutcome> {
  let result: ShareResult
  try {
    result = await share({ files: [card], title: 'WorldMap', text: shareText(find) })
  } catch (error) {
    console.error('Sharing failed', error)
    const unavailable = (error as { code?: unknown } | null)?.code === 'command_unavailable'
    return { status: 'failed', message: unavailable ? SHARE_UNAVAILABLE_MESSAGE : SHARE_FAILED_MESSAGE }
  }
  if (result.status === 'success') return { status: 'shared' }
  if (result.error_code === 'user_rejected') return { status: 'cancelled' }
  console.error('Sharing failed', result)
  return { status: 'failed', message: SHARE_FAILED_MESSAGE }
}
