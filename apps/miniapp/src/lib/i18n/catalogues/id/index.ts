import type { Translation } from '@worldmap/game'
import type { en } from '../en/index.js'
import { artId } from './art.js'
import { authId } from './auth.js'
import { catchId } from './catch.js'
import { commonId } from './common.js'
import { dropsId } from './drops.js'
import { errorsId } from './errors.js'
import { homeId } from './home.js'
import { inventoryId } from './inventory.js'
import { languageId } from './language.js'
import { layoutId } from './layout.js'
import { leaderboardId } from './leaderboard.js'
import { mapId } from './map.js'
import { permissionsId } from './permissions.js'
import { profileId } from './profile.js'
import { progressId } from './progress.js'
import { verificationId } from './verification.js'

// One fragment per feature, as in ../en/index.ts; the type fails on a missing or extra key.
/** The id catalogue. */
export const id: Translation<typeof en> = {
  ...artId,
  ...authId,
  ...catchId,
  ...commonId,
  ...dropsId,
  ...errorsId,
  ...homeId,
  ...inventoryId,
  ...languageId,
  ...layoutId,
  ...mapId,
  ...leaderboardId,
  ...permissionsId,
  ...profileId,
  ...progressId,
  ...verificationId,
}
