import type { ClientEnv } from './readClientConfig.js'

/**
 * The client's public configuration as this build has it, for the client
 * (`getClientConfig`) and for the server's security policy alike. Every
 * variable is named in full: Vite replaces each `import.meta.env.PUBLIC_ENV__…`
 * reference with the value the client was built with, while Vike turns the
 * bare env object into `null` on the client. The `Required` record makes a
 * variable added to the client schema a type error here.
 *
 * @example
 * ```ts
 * const config = readClientConfig(readPublicEnv(), { hostname: 'localhost', origin: 'http://localhost:3000' })
 * ```
 */
export function readPublicEnv(): Required<Record<keyof ClientEnv, string | undefined>> {
  return {
    PUBLIC_ENV__WORLDMAP_MODE: import.meta.env.PUBLIC_ENV__WORLDMAP_MODE,
    PUBLIC_ENV__APP_ID: import.meta.env.PUBLIC_ENV__APP_ID,
    PUBLIC_ENV__VERIFY_ACTION: import.meta.env.PUBLIC_ENV__VERIFY_ACTION,
    PUBLIC_ENV__FIREBASE_PROJECT_ID: import.meta.env.PUBLIC_ENV__FIREBASE_PROJECT_ID,
    PUBLIC_ENV__FIREBASE_API_KEY: import.meta.env.PUBLIC_ENV__FIREBASE_API_KEY,
    PUBLIC_ENV__FIREBASE_AUTH_DOMAIN: import.meta.env.PUBLIC_ENV__FIREBASE_AUTH_DOMAIN,
    PUBLIC_ENV__FIREBASE_DATABASE_URL: import.meta.env.PUBLIC_ENV__FIREBASE_DATABASE_URL,
    PUBLIC_ENV__DATABASE_REGIONS: import.meta.env.PUBLIC_ENV__DATABASE_REGIONS,
    PUBLIC_ENV__DATABASE_PLAYERS: import.meta.env.PUBLIC_ENV__DATABASE_PLAYERS,
    PUBLIC_ENV__DATABASE_NEXT_REGIONS: import.meta.env.PUBLIC_ENV__DATABASE_NEXT_REGIONS,
    PUBLIC_ENV__DATABASE_NEXT_PLAYERS: import.meta.env.PUBLIC_ENV__DATABASE_NEXT_PLAYERS,
    PUBLIC_ENV__DATABASE_SWITCH_DAY: import.meta.env.PUBLIC_ENV__DATABASE_SWITCH_DAY,
    PUBLIC_ENV__FUNCTIONS_REGION: import.meta.env.PUBLIC_ENV__FUNCTIONS_REGION,
    PUBLIC_ENV__AUTH_EMULATOR_URL: import.meta.env.PUBLIC_ENV__AUTH_EMULATOR_URL,
    PUBLIC_ENV__FUNCTIONS_EMULATOR_URL: import.meta.env.PUBLIC_ENV__FUNCTIONS_EMULATOR_URL,
    PUBLIC_ENV__DATABASE_EMULATOR_URL: import.meta.env.PUBLIC_ENV__DATABASE_EMULATOR_URL,
    PUBLIC_ENV__CUSTOM_TOKEN_URL: import.meta.env.PUBLIC_ENV__CUSTOM_TOKEN_URL,
    PUBLIC_ENV__USERNAMES_URL: import.meta.env.PUBLIC_ENV__USERNAMES_URL,
    PUBLIC_ENV__WORLDCHAIN_RPC_URL: import.meta.env.PUBLIC_ENV__WORLDCHAIN_RPC_URL,
    PUBLIC_ENV__MAP_STYLE_URL: import.meta.env.PUBLIC_ENV__MAP_STYLE_URL,
    PUBLIC_ENV__DEV_TUNNEL_HOSTS: import.meta.env.PUBLIC_ENV__DEV_TUNNEL_HOSTS,
  }
}
