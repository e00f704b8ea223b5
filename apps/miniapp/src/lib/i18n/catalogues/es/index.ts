import type { Translation } from '@worldmap/game'
import type { en } from '../en/index.js'
import { artEs } from './art.js'
import { authEs } from './auth.js'
import { catchEs } from './catch.js'
import { commonEs } from './common.js'
import { dropsEs } from './drops.js'
import { errorsEs } from './errors.js'
import { homeEs } from './home.js'
import { inventoryEs } from './inventory.js'
import { languageEs } from './language.js'
import { layoutEs } from './layout.js'
import { leaderboardEs } from './leaderboard.js'
import { mapEs } from './map.js'
import { permissionsEs } from './permissions.js'
import { profileEs } from './profile.js'
import { progressEs } from './progress.js'
import { verificationEs } from './verification.js'

// One fragment per feature, as in ../en/index.ts; the type fails on a missing or extra key.
/** The es catalogue. */
export const es: Translation<typeof en> = {
  ...artEs,
  ...authEs,
  ...catchEs,
  ...commonEs,
  ...dropsEs,
  ...errorsEs,
  ...homeEs,
  ...inventoryEs,
  ...languageEs,
  ...layoutEs,
  ...mapEs,
  ...leaderboardEs,
  ...permissionsEs,
  ...profileEs,
  ...progressEs,
  ...verificationEs,
}
