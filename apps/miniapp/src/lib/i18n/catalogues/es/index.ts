import type { Translation } from '@worldmap/game'
import type { en } from '../en/index.js'
import { catchEs } from './catch.js'
import { commonEs } from './common.js'
import { dropsEs } from './drops.js'
import { layoutEs } from './layout.js'
import { progressEs } from './progress.js'

// One fragment per feature, as in ../en/index.ts; the type fails on a missing or extra key.
/** The es catalogue. */
export const es: Translation<typeof en> = {
  ...catchEs,
  ...commonEs,
  ...dropsEs,
  ...layoutEs,
  ...progressEs,
}
