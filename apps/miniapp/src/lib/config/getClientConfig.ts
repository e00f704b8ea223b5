import { type ClientConfig, type ClientEnv, readClientConfig } from './readClientConfig.js'

let cached: ClientConfig | undefined

/**
 * The public variables, each named in full: the build replaces every full
 * `PUBLIC_ENV__` reference with its value, while Vike turns the bare env
 * object into `null` on the client.
 */
function readPublicEnv(): ClientEnv {
  return {
    PUBLIC_ENV__APP_ID: import.meta.env.PUBLIC_ENV__APP_ID,
    PUBLIC_ENV__FIREBASE_PROJECT_ID: import.meta.env.PUBLIC_ENV__FIREBASE_PROJECT_ID,
    PUBLIC_ENV__FIREBASE_API_KEY: import.meta.env.PUBLIC_ENV__FIREBASE_API_KEY,
    PUBLIC_ENV__FIREBASE_AUTH_DOMAIN: import.meta.env.PUBLIC_ENV__FIREBASE_AUTH_DOMAIN,
    PUBLIC_ENV__FIREBASE_DATABASE_URL: import.meta.env.PUBLIC_ENV__FIREBASE_DATABASE_URL,
    PUBLIC_ENV__FUNCTIONS_REGION: import.meta.env.PUBLIC_ENV__FUNCTIONS_REGION,
    PUBLIC_ENV__AUTH_EMULATOR_URL: import.meta.env.PUBLIC_ENV__AUTH_EMULATOR_URL,
    PUBLIC_ENV__FUNCTIONS_EMULATOR_URL: import.meta.env.PUBLIC_ENV__FUNCTIONS_EMULATOR_URL,
    PUBLIC_ENV__DATABASE_EMULATOR_URL: import.meta.env.PUBLIC_ENV__DATABASE_EMULATOR_URL,
    PUBLIC_ENV__CUSTOM_TOKEN_URL: import.meta.env.PUBLIC_ENV__CUSTOM_TOKEN_URL,
    PUBLIC_ENV__USERNAMES_URL: import.meta.env.PUBLIC_ENV__USERNAMES_URL,
    PUBLIC_ENV__WORLDCHAIN_RPC_URL: import.meta.env.PUBLIC_ENV__WORLDCHAIN_RPC_URL,
    PUBLIC_ENV__DEV_TUNNEL_HOSTS: import.meta.env.PUBLIC_ENV__DEV_TUNNEL_HOSTS,
  }
}

/**
 * The client configuration for this page, read once from the public
 * environment and `window.location`. Browser only: call it from effects and
 * handlers, never during a server render (the server has no page location
 * to decide local mode).
 *
 * @example
 * ```ts
 * const { customTokenUrl } = getClientConfig()
 * ```
 */
export function getClientConfig(): ClientConfig {
  cached ??= readClientConfig(readPublicEnv(), window.location)
  return cached
}
