import type { ClientConfig } from '../lib/config/readClientConfig.js'
import { getRealtimeOrigins } from './getRealtimeOrigins.js'

/**
 * Firebase Auth's REST endpoints, fixed by the SDK rather than configured:
 * `signInWithCustomToken` and account lookups go to Identity Toolkit, token
 * refreshes to Secure Token. Locally the Auth emulator serves both paths.
 */
export const FIREBASE_AUTH_ORIGINS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'] as const

/**
 * The origins the client talks to for one resolved {@link ClientConfig}, as
 * CSP `connect-src` sources: Firebase Auth, the callable functions and the
 * custom token endpoint, the Realtime Database over HTTPS and its websocket
 * (every shard host of its domain when Firebase hosts it: {@link getRealtimeOrigins}),
 * and the same for every region's database instance (drops are read from
 * the instance holding their region: `config.firebase.databaseRegions`) and
 * every player instance (a player's records: `config.firebase.databasePlayers`),
 * and every instance of the next table when a switch is configured
 * (`config.firebase.databaseSwitch`: an open page crosses it),
 * the usernames service, the World Chain RPC and the configured map style's
 * server (none for the offline style, local mode's default and
 * `PUBLIC_ENV__MAP_STYLE_URL=offline`: it fetches nothing). A style whose tiles, glyphs or sprites live on another origin
 * needs that origin served from the style's own server or a proxy there.
 * The page's own origin is left out (`'self'` covers it); the list is sorted
 * and has no duplicates, so equal configurations give equal policies.
 *
 * @example
 * ```ts
 * const config = readClientConfig({}, { hostname: 'localhost', origin: 'http://localhost:3000' })
 * getConnectOrigins(config, 'http://localhost:3000')
 * // ['http://127.0.0.1:5001', 'http://127.0.0.1:8545', 'http://127.0.0.1:9000', 'http://127.0.0.1:9099',
 * //  'ws://127.0.0.1:9000']
 * ```
 */
export function getConnectOrigins(config: ClientConfig, pageOrigin: string): string[] {
  const origins = [
    ...(config.authEmulatorUrl ? [new URL(config.authEmulatorUrl).origin] : FIREBASE_AUTH_ORIGINS),
    // connectFunctionsEmulator always speaks plain HTTP to host:port.
    config.functionsEmulator
      ? `http://${config.functionsEmulator.host}:${config.functionsEmulator.port}`
      : `https://${config.region}-${config.firebase.projectId}.cloudfunctions.net`,
    new URL(config.customTokenUrl).origin,
    ...[
      config.firebase.databaseURL,
      ...Object.values(config.firebase.databaseRegions),
      ...config.firebase.databasePlayers,
      // The next table's instances: the page keeps reading across the switch without a reload.
      ...Object.values(config.firebase.databaseSwitch?.next.regions ?? {}),
      ...(config.firebase.databaseSwitch?.next.players ?? []),
    ].flatMap(getRealtimeOrigins),
    new URL(config.usernamesUrl).origin,
    new URL(config.worldchainRpcUrl).origin,
    ...(config.mapStyleUrl ? [new URL(config.mapStyleUrl).origin] : []),
  ]
  return [...new Set(origins)].filter((origin) => origin !== pageOrigin).sort()
}
