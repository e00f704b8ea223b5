import type { LiveValue, liveRecords } from '@worldmap/game/contract'

/**
 * One collected item as the inventory's contract row reads it
 * (`liveRecords.inventory`): what was found, where and when, plus its
 * inventory key. Derived from the row so the screens never restate it.
 */
export type InventoryItem = LiveValue<typeof liveRecords.inventory>[number]
