import { catchEn } from './catch.js'
import { commonEn } from './common.js'
import { dropsEn } from './drops.js'
import { layoutEn } from './layout.js'
import { progressEn } from './progress.js'

// One fragment per feature (each lane owns its own); keys are `<feature>.<name>`.
/** The English catalogue: the source every other language translates, key for key. */
export const en = {
  ...catchEn,
  ...commonEn,
  ...dropsEn,
  ...layoutEn,
  ...progressEn,
} as const
