import { type ClientConfig, readClientConfig } from './readClientConfig.js'
import { readPublicEnv } from './readPublicEnv.js'

let cached: ClientConfig | undefined

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
