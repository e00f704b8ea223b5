import { layoutEn } from './layout.js'

// One fragment per feature (each lane owns its own); keys are `<feature>.<name>`.
/** The English catalogue: the source every other language translates, key for key. */
export const en = {
  ...layoutEn,
} as const
