import type { ClientEnv, PageLocation } from '../readClientConfig.js'

/** A deployed page. */
export const productionPage: PageLocation = { hostname: 'worldmap.app', origin: 'https://worldmap.app' }

/** Every production `PUBLIC_ENV__*` setting of a complete deploy (tests only). */
export const productionPublicEnv = {
  PUBLIC_ENV__APP_ID: 'app_0123456789abcdef',
  PUBLIC_ENV__VERIFY_ACTION: 'verify-human-prod',
  PUBLIC_ENV__FIREBASE_PROJECT_ID: 'worldmap-prod',
  PUBLIC_ENV__FIREBASE_API_KEY: 'AIzaSyTest',
  PUBLIC_ENV__FIREBASE_DATABASE_URL: 'https://worldmap-prod-default-rtdb.asia-southeast1.firebasedatabase.app',
  PUBLIC_ENV__MAP_STYLE_URL: 'https://tiles.openfreemap.org/styles/liberty',
  PUBLIC_ENV__USERNAMES_URL: 'https://usernames.worldcoin.org',
  PUBLIC_ENV__WORLDCHAIN_RPC_URL: 'https://worldchain-mainnet.g.alchemy.com/public',
} as const satisfies ClientEnv
