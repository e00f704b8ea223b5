import { COLLECT_REACH_METERS, type DropKind, type Rarity } from '@worldmap/game'
import { share as shareCommand } from '@worldmap/minikit'
import { useEffect, useId, useRef, useState } from 'react'
import { formatDate, formatDateTime } from '../../lib/format/formatDate.js'
import { DropArt } from '../art/DropArt.js'
import { dropKindInfo } from '../art/dropKindInfo.js'
import { dropLabel } from '../art/dropLabel.js'
import { rarityStyles } from '../art/rarityStyles.js'
import { createShareCard, type ShareCardFind } from './createShareCard.js'
import { describeLocation } from './describeLocation.js'
import type { InventoryItem } from './parseInventoryItems.js'
import { rarityHint } from './rarityHint.js'
import { SharePreview } from './SharePreview.js'
import { type ShareCommand, type ShareFindOutcome, shareFind } from './shareFind.js'

/** Props of {@link InventoryDetail}. */
export interface InventoryDetailProps {
  kind: DropKind
  rarity: Rarity
  /** The player's finds of this kind and rarity, newest first; none = "Not found yet". */
  items: readonly InventoryItem[]
  onClose: () => void
  /** Defaults to the `share` command of `@worldmap/minikit`. */
  share?: ShareCommand
  /** Defaults to `createShareCard` (a `<canvas>` drawing). */
  createCard?: (find: ShareCardFind) => Promise<File>
}

/** The newest finds listed; older ones are summed up in a line. */
export const DETAIL_FINDS_SHOWN = 10

type ShareState =
  | { status: 'idle' }
  | { status: 'preparing' }
  | { status: 'preview'; find: ShareCardFind; card: File; sending: boolean }
  | ShareFindOutcome

/**
 * One cell of the collection book, as a bottom sheet: the item's art, name,
 * rarity and description; for a found item how many, when it was first
 * found, and when and roughly where each was found (a place, never
 * coordinates), with **Share** — a preview of the image card first, then
 * the host's share sheet. For a missing one, "Not found yet" and how to
 * find it. A modal dialog: focus moves in, Escape and Close dismiss it.
 *
 * @example
 * ```tsx
 * <InventoryDetail kind="gem" rarity="rare" items={gems} onClose={() => setSelected(null)} />
 * ```
 */
export function InventoryDetail({
  kind,
  rarity,
  items,
  onClose,
  share = shareCommand,
  createCard = createShareCard,
}: InventoryDetailProps) {
  const titleId = useId()
  const dialogRef = useRef<HTMLElement>(null)
  const shareButtonRef = useRef<HTMLButtonElement>(null)
  const [shareState, setShareState] = useState<ShareState>({ status: 'idle' })
  const style = rarityStyles[rarity]
  const info = dropKindInfo[kind]
  const found = items.length > 0
  const newest = items[0]
  const first = items.reduce<InventoryItem | undefined>(
    (oldest, item) => (!oldest || item.collectedAt < oldest.collectedAt ? item : oldest),
    undefined,
  )

  useEffect(() => {
    dialogRef.current?.focus()
  }, [])

  const returnToDetail = (next: ShareState) => {
    setShareState(next)
    // The preview held focus; give it back to the button that opened it.
    queueMicrotask(() => shareButtonRef.current?.focus())
  }

  const openPreview = async () => {
    if (!newest) return
    setShareState({ status: 'preparing' })
    const find: ShareCardFind = { kind, rarity, count: items.length, foundAt: newest.collectedAt }
    try {
      setShareState({ status: 'preview', find, card: await createCard(find), sending: false })
    } catch (error) {
      console.error('The share card could not be made', error)
      const message =
        error instanceof Error && error.name === 'ShareCardError'
          ? error.message
          : 'The share picture could not be created. Please try again.'
      setShareState({ status: 'failed', message })
    }
  }

  const send = async () => {
    if (shareState.status !== 'preview') return
    setShareState({ ...shareState, sending: true })
    returnToDetail(await shareFind(shareState.find, shareState.card, share))
  }

  return (
    <>
      <div className="inventory-detail-backdrop" aria-hidden="true" onClick={onClose} />
      <section
        ref={dialogRef}
        className="sheet inventory-detail"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-found={found ? 'true' : 'false'}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return
          event.stopPropagation()
          if (shareState.status === 'preview' && !shareState.sending) returnToDetail({ status: 'idle' })
          else onClose()
        }}
      >
        <header className="sheet-header">
          <h2 id={titleId}>{dropLabel({ kind, rarity })}</h2>
          <button type="button" className="sheet-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>

        {shareState.status === 'preview' ? (
          <SharePreview
            find={shareState.find}
            card={shareState.card}
            busy={shareState.sending}
            onShare={() => void send()}
            onCancel={() => returnToDetail({ status: 'idle' })}
          />
        ) : (
          <>
            <div className="inventory-detail-hero">
              <DropArt kind={kind} rarity={rarity} size={120} silhouette={!found} />
              <div className="inventory-detail-facts">
                <span className="rarity-chip" style={{ background: style.color, color: style.textColor }}>
                  {style.label}
                </span>
                {found && first ? (
                  <>
                    <span className="inventory-detail-count">{items.length === 1 ? '1 found' : `${items.length} found`}</span>
                    <span className="inventory-detail-first">First found {formatDate(first.collectedAt)}</span>
                  </>
                ) : (
                  <span className="inventory-detail-count">Not found yet</span>
                )}
              </div>
            </div>
            <p className="inventory-detail-description">{info.description}</p>

            {found ? (
              <>
                <ul className="inventory-finds" aria-label="Finds">
                  {items.slice(0, DETAIL_FINDS_SHOWN).map((item) => (
                    <li key={item.id}>
                      <time dateTime={new Date(item.collectedAt).toISOString()}>{formatDateTime(item.collectedAt)}</time>
                      <span className="inventory-find-place">{describeLocation(item)}</span>
                    </li>
                  ))}
                </ul>
                {items.length > DETAIL_FINDS_SHOWN && (
                  <p className="inventory-detail-more">{`The ${DETAIL_FINDS_SHOWN} most recent of ${items.length} finds.`}</p>
                )}
                {shareState.status === 'shared' && (
                  <p className="inventory-share-result" role="status">
                    Shared.
                  </p>
                )}
                {shareState.status === 'cancelled' && (
                  <p className="inventory-share-result" role="status">
                    Sharing cancelled.
                  </p>
                )}
                {shareState.status === 'failed' && (
                  <p className="inventory-share-error" role="alert">
                    {shareState.message}
                  </p>
                )}
                <button
                  ref={shareButtonRef}
                  type="button"
                  className="button button-primary"
                  disabled={shareState.status === 'preparing'}
                  aria-busy={shareState.status === 'preparing'}
                  onClick={() => void openPreview()}
                >
                  Share
                </button>
              </>
            ) : (
              <div className="inventory-detail-missing">
                <p>
                  {rarityHint(rarity)} Any kind can turn up in any rarity: walk within {COLLECT_REACH_METERS} m of a drop on the
                  map and tap Collect.
                </p>
                <a href="/map" className="button button-primary">
                  Open the map
                </a>
              </div>
            )}
          </>
        )}
      </section>
    </>
  )
}
