import { useEffect, useState } from 'react'
import { groupInventory, type InventoryGroup } from './groupInventory.js'

/** Listens to a database path; see `watchDatabaseValue`. */
export type WatchValue = (path: string, onValue: (value: unknown) => void, onError: (error: Error) => void) => () => void

/** The inventory as the screen shows it. */
export type InventoryState = { status: 'loading' } | { status: 'ready'; groups: InventoryGroup[] } | { status: 'error' }

/**
 * The signed-in user's inventory, live: `/inventories/{uid}` grouped for display.
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
    return watch(
      `inventories/${uid}`,
      (value) => setState({ status: 'ready', groups: groupInventory(value) }),
      (error) => {
        console.error('Failed to read the inventory', error)
        setState({ status: 'error' })
      },
    )
  }, [uid, watch])
  return state
}
