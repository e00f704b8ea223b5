import type { Translation } from '@worldmap/game'
import type { en } from '../en/index.js'
import { catchId } from './catch.js'
import { commonId } from './common.js'
import { dropsId } from './drops.js'
import { layoutId } from './layout.js'
import { progressId } from './progress.js'

// One fragment per feature, as in ../en/index.ts; the type fails on a missing or extra key.
/** The id catalogue. */
export const id: Translation<typeof en> = {
  ...catchId,
  ...commonId,
  ...dropsId,
  ...layoutId,
  ...progressId,
}
