import type { Translation } from '@worldmap/game'
import type { en } from '../en/index.js'
import { catchPtBR } from './catch.js'
import { commonPtBR } from './common.js'
import { dropsPtBR } from './drops.js'
import { layoutPtBR } from './layout.js'
import { progressPtBR } from './progress.js'

// One fragment per feature, as in ../en/index.ts; the type fails on a missing or extra key.
/** The pt-BR catalogue. */
export const ptBR: Translation<typeof en> = {
  ...catchPtBR,
  ...commonPtBR,
  ...dropsPtBR,
  ...layoutPtBR,
  ...progressPtBR,
}
