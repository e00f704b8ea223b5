import { PageSkeleton } from '../../components/PageSkeleton.js'
import { getClientConfig } from '../../lib/config/getClientConfig.js'
import { watchDatabaseValue } from '../../lib/firebase/watchDatabaseValue.js'
import { useAuth } from '../auth/useAuth.js'
import { dropName } from '../map/dropName.js'
import { rarityColors } from '../map/rarityColors.js'
import { useInventory, type WatchValue } from './useInventory.js'

const watchFirebase: WatchValue = (path, onValue, onError) => watchDatabaseValue(getClientConfig(), path, onValue, onError)

const dateFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })

/**
 * /inventory: the signed-in user's collected items, live from the database,
 * grouped by kind and rarity with counts, newest first; an empty state that
 * explains how items get here.
 *
 * @example
 * ```tsx
 * <InventoryScreen />
 * ```
 */
export function InventoryScreen({ watch = watchFirebase }: { watch?: WatchValue }) {
  const { user } = useAuth()
  if (!user) return null
  return <Inventory uid={user.uid} watch={watch} />
}

function Inventory({ uid, watch }: { uid: string; watch: WatchValue }) {
  const inventory = useInventory(uid, watch)
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
          <p>Open the map, walk within 50 m of a drop and tap Collect. What you find lands here.</p>
          <a href="/map" className="button button-primary">
            Open the map
          </a>
        </div>
      ) : (
        <ul className="inventory-list">
          {inventory.groups.map((group) => {
            const rarity = rarityColors[group.rarity]
            return (
              <li key={`${group.kind}:${group.rarity}`} className="inventory-item">
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
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
