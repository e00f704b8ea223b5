import type { DropKind, Rarity } from '@worldmap/game'
import { share as shareCommand } from '@worldmap/minikit'
import { useEffect, useId, useRef } from 'react'
import { useT } from '../../lib/i18n/index.js'
import { dropName } from '../art/dropNames.js'
import type { InventoryItem } from '../finds/InventoryItem.js'
import { createShareCard, type ShareCardFind } from '../share/createShareCard.js'
import { SharePreview } from '../share/SharePreview.js'
import type { ShareCommand } from '../share/shareFind.js'
import { useShareFind } from '../share/useShareFind.js'
import { InventoryDetailFinds } from './InventoryDetailFinds.js'
import { InventoryDetailHero } from './InventoryDetailHero.js'
import { InventoryDetailMissing } from './InventoryDetailMissing.js'

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
  /** The kind's set is complete: its share card carries the set's seal. */
  setComplete?: boolean
}

/** The newest finds listed; older ones are summed up in a line. */
export const DETAIL_FINDS_SHOWN = 10

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
  setComplete = false,
}: InventoryDetailProps) {
  const t = useT()
  const titleId = useId()
  const dialogRef = useRef<HTMLElement>(null)
  const shareButtonRef = useRef<HTMLButtonElement>(null)
  const sharing = useShareFind({ kind, rarity, items, share, createCard, shareButtonRef, setComplete })
  const { state } = sharing
  const found = items.length > 0

  useEffect(() => {
    dialogRef.current?.focus()
  }, [])

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
          if (state.status === 'preview' && !state.sending) sharing.cancel()
          else onClose()
        }}
      >
        <header className="sheet-header">
          <h2 id={titleId}>{dropName(t, { kind, rarity })}</h2>
          <button type="button" className="sheet-close" aria-label={t('common.close')} onClick={onClose}>
            ×
          </button>
        </header>
        {state.status === 'preview' ? (
          <SharePreview
            find={state.find}
            card={state.card}
            busy={state.sending}
            onShare={() => void sharing.send()}
            onCancel={sharing.cancel}
          />
        ) : (
          <>
            <InventoryDetailHero kind={kind} rarity={rarity} items={items} />
            {found ? (
              <InventoryDetailFinds
                items={items}
                shown={DETAIL_FINDS_SHOWN}
                share={state}
                shareButtonRef={shareButtonRef}
                onShare={() => void sharing.openPreview()}
              />
            ) : (
              <InventoryDetailMissing rarity={rarity} />
            )}
          </>
        )}
      </section>
    </>
  )
}
