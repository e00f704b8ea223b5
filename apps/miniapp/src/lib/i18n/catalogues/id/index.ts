import type { Translation } from '@worldmap/game'
import type { en } from '../en/index.js'
import { layoutId } from './layout.js'

// One fragment per feature, as in ../en/index.ts; the type fails on a missing or extra key.
/** The id catalogue. */
export const id: Translation<typeof en> = {
  ...layoutId,
}
