import type { SiweMessage } from '@worldmap/minikit/siwe'

/** Why a sign-in message is not for WorldMap; see {@link checkSiweOrigin}. */
export type SiweOriginErrorCode = 'domain_mismatch' | 'scheme_mismatch' | 'uri_mismatch'

/**
 * Is this sign-in message for one of the app's own origins? Without this, a
 * hostile page could have a victim sign in "to itself" with a nonce WorldMap
 * signed, and trade that message for a token to the victim's account. The
 * wallet shows the user the domain it signs for, and signs it, so binding it
 * here is what makes the signature mean "sign in to WorldMap".
 *
 * For some configured origin (`https://worldmap.app`, normalized as `URL.origin`), in order:
 * 1. `domain` is its `host[:port]`, case-insensitively → else `domain_mismatch`;
 * 2. `scheme`, when the message has one, is its protocol → else `scheme_mismatch`;
 * 3. `uri` is that origin or a URL under it (same scheme, host and port; no
 *    user info) → else `uri_mismatch`.
 *
 * Returns `null` when the message belongs to an origin.
 *
 * @example
 * ```ts
 * const code = checkSiweOrigin(parseSiweMessage(payload.message), ['https://worldmap.app'])
 * if (code) return fail(401, code)
 * ```
 */
export function checkSiweOrigin(
  message: Pick<SiweMessage, 'scheme' | 'domain' | 'uri'>,
  origins: readonly string[],
): SiweOriginErrorCode | null {
  const domain = message.domain.toLowerCase()
  const sameHost = origins.flatMap(parseOrigin).filter((origin) => origin.host === domain)
  if (sameHost.length === 0) return 'domain_mismatch'

  const scheme = message.scheme?.toLowerCase()
  const candidates = scheme === undefined ? sameHost : sameHost.filter((origin) => origin.protocol === `${scheme}:`)
  if (candidates.length === 0) return 'scheme_mismatch'

  let uri: URL
  try {
    uri = new URL(message.uri)
  } catch {
    return 'uri_mismatch'
  }
  if (uri.username !== '' || uri.password !== '') return 'uri_mismatch'
  return candidates.some((origin) => origin.origin === uri.origin) ? null : 'uri_mismatch'
}

/** Configured origins are validated by `readServerConfig`; anything unparsable here matches nothing. */
function parseOrigin(origin: string): URL[] {
  try {
    return [new URL(origin)]
  } catch {
    return []
  }
}
