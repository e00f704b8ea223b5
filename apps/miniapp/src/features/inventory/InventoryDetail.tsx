import { type ShareInput, type ShareResult, share as shareCommand } from '@worldmap/minikit'
import { useEffect, useId, useRef, useState } from 'react'
import { dropName } from '../map/dropName.js'
import { rarityColors } from '../map/rarityColors.js'
import type { ShareCardFind } from './createShareCard.js'
import { describeLocation } from './describeLocation.js'
import type { InventoryGroup } from './groupInventory.js'
import { type ShareFindOutcome, shareFind } from './shareFind.js'

/** Props of {@link InventoryDetail}. */
export interface InventoryDetailProps {
  group: InventoryGroup
  onClose: () => void
  /** Defaults to the `share` command of `@worldmap/minikit`. */
  share?: (input: ShareInput) => Promise<ShareResult>
  /** Defaults to `createShareCard` (a `<canvas>` drawing). */
  createCard?: (find: ShareCardFind) => Promise<File>
}

type ShareState = { status: 'idle' } | { status: 'busy' } | ShareFindOutcome

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

/**
 * The detail of one inventory line: the item's name and rarity, and every
 * find of it — when and where (coordinates, no distance: the player may be
 * anywhere now) — with **Share**, which sends an image card and a line of
 * text through World App and says how it went. A dialog: it takes focus,
 * Escape and Close dismiss it.
 *
 * @example
 * ```tsx
 * <InventoryDetail group={group} onClose={() => setSelected(null)} />
 * ```
 */
export function InventoryDetail({ group, onClose, share = shareCommand, createCard }: InventoryDetailProps) {
  const titleId = useId()
  const dialogRef = useRef<HTMLElement>(null)
  const [shareState, setShareState] = useState<ShareState>({ status: 'idle' })
  const rarity = rarityColors[group.rarity]
  const name = dropName(group.kind)

  useEffect(() => {
    dialogRef.current?.focus()
  }, [])

  const shareGroup = async () => {
    setShareState({ status: 'busy' })
    const find = { kind: group.kind, rarity: group.rarity, count: group.count, foundAt: group.lastCollectedAt }
    setShareState(await shareFind(find, createCard ? { share, createCard } : { share }))
  }

  return (
    <section
      ref={dialogRef}
      className="sheet inventory-detail"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose()
      }}
    >
      <header className="sheet-header">
        <h2 id={titleId}>{name}</h2>
        <button type="button" className="sheet-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <p className="inventory-detail-facts">
        <span className="rarity-chip" style={{ background: rarity.color, color: rarity.textColor }}>
          {rarity.label}
        </span>
        <span>{group.count === 1 ? '1 found' : `${group.count} found`}</span>
      </p>
      <ul className="inventory-finds" aria-label="Finds">
        {group.items.map((item) => (
          <li key={item.id}>
            <span>
              Found <time dateTime={new Date(item.collectedAt).toISOString()}>{dateFormat.format(item.collectedAt)}</time>
            </span>
            <span className="inventory-find-place">at {describeLocation(item)}</span>
          </li>
        ))}
      </ul>
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
        type="button"
        className="button button-primary"
        disabled={shareState.status === 'busy'}
        aria-busy={shareState.status === 'busy'}
        onClick={() => void shareGroup()}
      >
        Share
      </button>
    </section>
  )
}
