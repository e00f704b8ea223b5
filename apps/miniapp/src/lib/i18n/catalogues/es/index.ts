import type { Translation } from '@worldmap/game'
import type { en } from '../en/index.js'
import { layoutEs } from './layout.js'

// One fragment per feature, as in ../en/index.ts; the type fails on a missing or extra key.
/** The es catalogue. */
export const es: Translation<typeof en> = {
  ...layoutEs,
}
