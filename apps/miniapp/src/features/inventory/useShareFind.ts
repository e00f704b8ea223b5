import type { DropKind, Rarity } from '@worldmap/game'
import { type RefObject, useState } from 'react'
import type { ShareCardFind } from './createShareCard.js'
import type { InventoryItem } from './parseInventoryItems.js'
import { type ShareCommand, type ShareFindOutcome, shareFind } from './shareFind.js'

/** Where sharing a find is: making the card, previewing it (and sending it), or how it ended. */
export type ShareState =
  | { status: 'idle' }
  | { status: 'preparing' }
  | { status: 'preview'; find: ShareCardFind; card: File; sending: boolean }
  | ShareFindOutcome

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
export function useShareFind({ kind, rarity, items, share, createCard, shareButtonRef }: UseShareFindOptions): ShareFindFlow {
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
    const find: ShareCardFind = { kind, rarity, count: items.length, foundAt: newest.collectedAt }
    try {
      setState({ status: 'preview', find, card: await createCard(find), sending: false })
    } catch (error) {
      console.error('The share card could not be made', error)
      const message =
        error instanceof Error && error.name === 'ShareCardError'
          ? error.message
          : 'The share picture could not be created. Please try again.'
      setState({ status: 'failed', message })
    }
  }

  const send = async () => {
    if (state.status !== 'preview') return
    setState({ ...state, sending: true })
    returnToDetail(await shareFind(state.find, state.card, share))
  }

  return { state, openPreview, send, cancel: () => returnToDetail({ status: 'idle' }) }
}
