import type { DropKind, Rarity } from '@worldmap/game'
import { type RefObject, useState } from 'react'
import { formatDate } from '../../lib/format/formatDate.js'
import { type Translate, useLocale, useT } from '../../lib/i18n/index.js'
import { dropName, kindDescription } from '../art/dropNames.js'
import { useSignedInUser } from '../auth/useSignedInUser.js'
import type { InventoryItem } from '../finds/InventoryItem.js'
import { getDisplayName } from '../profile/getDisplayName.js'
import type { ShareCardFind } from './createShareCard.js'
import type { ShareCardErrorCode } from './ShareCardError.js'
import { type ShareCommand, type ShareFailure, shareFind, shareText } from './shareFind.js'

/** Where sharing a find is: making the card, previewing it (and sending it), or how it ended (a failure in words). */
export type ShareState =
  | { status: 'idle' }
  | { status: 'preparing' }
  | { status: 'preview'; find: ShareCardFind; card: File; sending: boolean }
  | { status: 'shared' }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string }

const FAILURE_KEYS = {
  unavailable: 'inventory.shareUnavailable',
  failed: 'inventory.shareFailed',
  canvas_unavailable: 'inventory.cardCanvasUnavailable',
  art_unavailable: 'inventory.cardArtUnavailable',
  encoding_failed: 'inventory.cardFailed',
} as const satisfies Record<ShareFailure | ShareCardErrorCode, string>

/** A failure of sharing or of the card, in the player's words. */
function failure(t: Translate, reason: ShareFailure | ShareCardErrorCode): ShareState {
  return { status: 'failed', message: t(FAILURE_KEYS[reason]) }
}

/** Options of {@link useShareFind}. */
export interface UseShareFindOptions {
  kind: DropKind
  rarity: Rarity
  /** The player's finds of this kind and rarity, newest first. */
  items: readonly InventoryItem[]
  share: ShareCommand
  createCard: (find: ShareCardFind) => Promise<File>
  /** The Share button: focus goes back to it when the preview closes. */
  shareButtonRef: RefObject<HTMLButtonElement | null>
  /** The kind's set is complete: the card carries its seal. */
  setComplete?: boolean
}

/** What {@link useShareFind} gives the detail. */
export interface ShareFindFlow {
  state: ShareState
  /** Make the card of the newest find and preview it. */
  openPreview: () => Promise<void>
  /** Send the previewed card to the host's share sheet. */
  send: () => Promise<void>
  /** Leave the preview (Cancel, Escape), back to the Share button. */
  cancel: () => void
}

/**
 * Sharing a find from its detail: **Share** makes the image card of the
 * newest find (a `ShareCardError` says why it could not, anything else a
 * generic line), the preview sends it through the host's share sheet, and
 * leaving the preview — sent or not — gives focus back to Share.
 *
 * @example
 * ```tsx
 * const sharing = useShareFind({ kind, rarity, items, share, createCard, shareButtonRef })
 * <button ref={shareButtonRef} onClick={() => void sharing.openPreview()}>Share</button>
 * ```
 */
export function useShareFind({
  kind,
  rarity,
  items,
  share,
  createCard,
  shareButtonRef,
  setComplete = false,
}: UseShareFindOptions): ShareFindFlow {
  const t = useT()
  const locale = useLocale()
  const user = useSignedInUser()
  const [state, setState] = useState<ShareState>({ status: 'idle' })
  const returnToDetail = (next: ShareState) => {
    setState(next)
    // The preview held focus; give it back to the button that opened it.
    queueMicrotask(() => shareButtonRef.current?.focus())
  }

  const openPreview = async () => {
    const newest = items[0]
    if (!newest) return
    setState({ status: 'preparing' })
    const find: ShareCardFind = {
      kind,
      rarity,
      count: items.length,
      foundAt: newest.collectedAt,
      words: {
        name: dropName(t, { kind, rarity }),
        description: kindDescription(t, kind),
        date: formatDate(newest.collectedAt, locale),
        // The player's one name, as on home and the leaderboard.
        ...(user ? { finder: t('inventory.cardFinder', { name: getDisplayName(user, t('profile.fallbackName')) }) } : {}),
      },
      ...(setComplete ? { seal: t('inventory.cardSeal', { seal: t(`inventory.seal.${kind}`) }) } : {}),
    }
    try {
      setState({ status: 'preview', find, card: await createCard(find), sending: false })
    } catch (error) {
      console.error('The share card could not be made', error)
      const code =
        error instanceof Error && error.name === 'ShareCardError' ? (error as { code?: ShareCardErrorCode }).code : undefined
      setState(failure(t, code ?? 'encoding_failed'))
    }
  }

  const send = async () => {
    if (state.status !== 'preview') return
    setState({ ...state, sending: true })
    const outcome = await shareFind(state.card, share, shareText(t, state.find))
    returnToDetail(outcome.status === 'failed' ? failure(t, outcome.reason) : outcome)
  }

  return { state, openPreview, send, cancel: () => returnToDetail({ status: 'idle' }) }
}
