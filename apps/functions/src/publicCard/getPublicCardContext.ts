import { lookUpWorldUsername } from './lookUpWorldUsername.js'
import { readPublicCardConfig } from './readPublicCardConfig.js'
import type { WritePublicCardDependencies } from './writePublicCard.js'

let context: WritePublicCardDependencies | undefined

/**
 * The public cards' dependencies for this instance, from its environment
 * (`readPublicCardConfig`): the usernames lookup (none when no service is
 * configured) and the allowed avatar origins. Built on first use, never at
 * import (deploy-time discovery has no environment).
 *
 * @throws {import('../errors/ConfigError.js').ConfigError} when the environment is invalid.
 * @example
 * ```ts
 * await writePublicCard(database, { address: uid, publicId }, getPublicCardContext())
 * ```
 */
export function getPublicCardContext(env: Record<string, string | undefined> = process.env): WritePublicCardDependencies {
  if (context) return context
  const { usernamesUrl, avatarOrigins } = readPublicCardConfig(env)
  context = {
    lookUp: usernamesUrl === null ? null : (address) => lookUpWorldUsername(address, { baseUrl: usernamesUrl }),
    avatarOrigins,
  }
  return context
}
