// Where the stack's files live and the project it plays: every piece of the stack reads these.

import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const functionsDir = join(root, 'apps/functions')
/** Each stack's working files: its functions copy, firebase.json, log and clock. */
export const stackDir = join(functionsDir, '.stack')
/** The functions' own dependencies (firebase-server, firebase-admin, @worldmap/game), as the emulator loads them. */
export const requireFromFunctions = createRequire(join(functionsDir, 'package.json'))

export const PROJECT_ID = 'demo-worldmap'
export const REGION = 'asia-southeast1'

/** The app id the functions use in local mode (LOCAL_GAME_DEFAULTS.appId): the notifications stand-in's app. */
export const LOCAL_APP_ID = 'app_staging_worldmap'
