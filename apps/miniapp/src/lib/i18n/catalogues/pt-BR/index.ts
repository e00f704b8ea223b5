import type { Translation } from '@worldmap/game'
import type { en } from '../en/index.js'
import { artPtBR } from './art.js'
import { authPtBR } from './auth.js'
import { catchPtBR } from './catch.js'
import { commonPtBR } from './common.js'
import { dropsPtBR } from './drops.js'
import { errorsPtBR } from './errors.js'
import { homePtBR } from './home.js'
import { inventoryPtBR } from './inventory.js'
import { languagePtBR } from './language.js'
import { layoutPtBR } from './layout.js'
import { leaderboardPtBR } from './leaderboard.js'
import { mapPtBR } from './map.js'
import { permissionsPtBR } from './permissions.js'
import { profilePtBR } from './profile.js'
import { progressPtBR } from './progress.js'
import { verificationPtBR } from './verification.js'

// One fragment per feature, as in ../en/index.ts; the type fails on a missing or extra key.
/** The pt-BR catalogue. */
export const ptBR: Translation<typeof en> = {
  ...artPtBR,
  ...authPtBR,
  ...catchPtBR,
  ...commonPtBR,
  ...dropsPtBR,
  ...errorsPtBR,
  ...homePtBR,
  ...inventoryPtBR,
  ...languagePtBR,
  ...layoutPtBR,
  ...mapPtBR,
  ...leaderboardPtBR,
  ...permissionsPtBR,
  ...profilePtBR,
  ...progressPtBR,
  ...verificationPtBR,
}
