import { liveRecords } from '@worldmap/game/contract'
import { useEffect, useState } from 'react'
import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import { watchRecord } from '../../lib/firebase/watchRecord.js'
import { groupInventory, type InventoryGroup } from './groupInventory.js'
import type { InventoryItem } from './InventoryItem.js'

export type { WatchValue } from '../../lib/firebase/WatchValue.js'

/** The inventory as the screens show it: the items newest first, and grouped. */
export type InventoryState =
  | { status: 'loading' }
  | { status: 'ready'; items: InventoryItem[]; groups: InventoryGroup[] }
  | { status: 'error' }

/**
 * The signed-in user's inventory, live: `/inventories/{uid}` read through its
 * contract row (`liveRecords.inventory`: newest first, unusable entries skipped) and grouped for display.
 *
 * @example
 * ```tsx
 * const inventory = useInventory(user.uid, watch)
 * if (inventory.status === 'ready') return <List groups={inventory.groups} />
 * ```
 */
export function useInventory(uid: string, watch: WatchValue): InventoryState {
  const [state, setState] = useState<InventoryState>({ status: 'loading' })
  useEffect(() => {
    setState({ status: 'loading' })
    return watchRecord(
      watch,
      liveRecords.inventory,
      [uid],
      (items) => {
        setState({ status: 'ready', items, groups: groupInventory(items) })
      },
      (error) => {
        console.error('Failed to read the inventory', error)
        setState({ status: 'error' })
      },
    )
  }, [uid, watch])
  return state
}
