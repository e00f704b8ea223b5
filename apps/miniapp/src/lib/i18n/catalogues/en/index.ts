import { artEn } from './art.js'
import { authEn } from './auth.js'
import { catchEn } from './catch.js'
import { commonEn } from './common.js'
import { dropsEn } from './drops.js'
import { errorsEn } from './errors.js'
import { homeEn } from './home.js'
import { inventoryEn } from './inventory.js'
import { languageEn } from './language.js'
import { layoutEn } from './layout.js'
import { leaderboardEn } from './leaderboard.js'
import { mapEn } from './map.js'
import { permissionsEn } from './permissions.js'
import { profileEn } from './profile.js'
import { progressEn } from './progress.js'
import { verificationEn } from './verification.js'

// One fragment per feature (each lane owns its own); keys are `<feature>.<name>`.
/** The English catalogue: the source every other language translates, key for key. */
export const en = {
  ...artEn,
  ...authEn,
  ...catchEn,
  ...commonEn,
  ...dropsEn,
  ...errorsEn,
  ...homeEn,
  ...inventoryEn,
  ...languageEn,
  ...layoutEn,
  ...mapEn,
  ...leaderboardEn,
  ...permissionsEn,
  ...profileEn,
  ...progressEn,
  ...verificationEn,
} as const
