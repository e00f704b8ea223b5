import { COLLECT_REACH_METERS } from '@worldmap/game'
import type { ShareInput, ShareResult } from '@worldmap/minikit'
import { useState } from 'react'
import { PageSkeleton } from '../../components/PageSkeleton.js'
import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import { watchFirebaseValue } from '../../lib/firebase/watchFirebaseValue.js'
import { useAuth } from '../auth/useAuth.js'
import { dropName } from '../map/dropName.js'
import { rarityColors } from '../map/rarityColors.js'
import type { ShareCardFind } from './createShareCard.js'
import { InventoryDetail } from './InventoryDetail.js'
import { useInventory } from './useInventory.js'

/** Props of {@link InventoryScreen}; all for tests, each with a production default. */
export interface InventoryScreenProps {
  /** Database listener; defaults to the app's Firebase database. */
  watch?: WatchValue
  /** Passed to the detail's Share; defaults to the `share` command. */
  share?: (input: ShareInput) => Promise<ShareResult>
  /** Passed to the detail's Share; defaults to the canvas card. */
  createCard?: (find: ShareCardFind) => Promise<File>
}

const dateFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })

/**
 * /inventory: the signed-in user's collected items, live from the database,
 * grouped by kind and rarity with counts, newest first; tapping a line opens
 * its detail (where and when each was found, and Share). An empty state
 * explains how items get here.
 *
 * @example
 * ```tsx
 * <InventoryScreen />
 * ```
 */
export function InventoryScreen({ watch = watchFirebaseValue, share, createCard }: InventoryScreenProps) {
  const { user } = useAuth()
  if (!user) return null
  return (
    <Inventory uid={user.uid} watch={watch} detail={{ ...(share ? { share } : {}), ...(createCard ? { createCard } : {}) }} />
  )
}

function Inventory({
  uid,
  watch,
  detail,
}: {
  uid: string
  watch: WatchValue
  detail: Pick<InventoryScreenProps, 'share' | 'createCard'>
}) {
  const inventory = useInventory(uid, watch)
  const [selectedKey, setSelectedKey] = useState<string | null>(null)
  // Looked up in the live list, so the detail follows new finds and closes if its line goes away.
  const selected =
    inventory.status === 'ready' ? inventory.groups.find((group) => `${group.kind}:${group.rarity}` === selectedKey) : undefined

  return (
    <section className="inventory">
      <h1>Inventory</h1>
      {inventory.status === 'loading' ? (
        <PageSkeleton />
      ) : inventory.status === 'error' ? (
        <p role="alert">Your inventory could not be loaded. Check your connection and try again.</p>
      ) : inventory.groups.length === 0 ? (
        <div className="empty-state">
          <p>
            <strong>No items yet.</strong>
          </p>
          <p>Open the map, walk within {COLLECT_REACH_METERS} m of a drop and tap Collect. What you find lands here.</p>
          <a href="/map" className="button button-primary">
            Open the map
          </a>
        </div>
      ) : (
        <ul className="inventory-list">
          {inventory.groups.map((group) => {
            const rarity = rarityColors[group.rarity]
            const key = `${group.kind}:${group.rarity}`
            return (
              <li key={key}>
                <button
                  type="button"
                  className="inventory-item"
                  aria-label={`${rarity.label} ${dropName(group.kind)}, ${group.count} collected`}
                  onClick={() => setSelectedKey(key)}
                >
                  <span className="rarity-chip" style={{ background: rarity.color, color: rarity.textColor }}>
                    {rarity.label}
                  </span>
                  <span className="inventory-name">{dropName(group.kind)}</span>
                  <span className="inventory-count">
                    <span aria-hidden="true">×{group.count}</span>
                    <span className="visually-hidden">{`${group.count} collected`}</span>
                  </span>
                  <time className="inventory-time" dateTime={new Date(group.lastCollectedAt).toISOString()}>
                    {dateFormat.format(group.lastCollectedAt)}
                  </time>
                </button>
              </li>
            )
          })}
        </ul>
      )}
      {selected && <InventoryDetail key={selectedKey} group={selected} onClose={() => setSelectedKey(null)} {...detail} />}
    </section>
  )
}
