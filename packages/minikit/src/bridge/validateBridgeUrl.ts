/** The spec's bridge URL messages (§8), in the order the checks run. */
export const BridgeUrlMessage = {
  Parse: 'Failed to parse Bridge URL.',
  Https: 'Bridge URL must use HTTPS.',
  Port: 'Bridge URL must use the default port (443).',
  Path: 'Bridge URL must not have a path.',
  Query: 'Bridge URL must not have query parameters.',
  Fragment: 'Bridge URL must not have a fragment.',
} as const
export type BridgeUrlMessage = (typeof BridgeUrlMessage)[keyof typeof BridgeUrlMessage]

/** Logged when validation is skipped for local development. */
export const STAGING_LOCALHOST_MESSAGE = 'Using staging app_id with localhost bridge_url. Skipping validation.'

/** Logged (as a warning only) for a host outside World's domains. */
export const UNTRUSTED_BRIDGE_HOST_MESSAGE =
  'Bridge URL should be a subdomain of worldcoin.org or toolsforhumanity.com. The wallet may refuse to connect to other hosts.'

// The wallet's own allow-list, as IDKit 2.1 encodes it. world.org is not on
// it (only the verify page lives there), so it still warns.
const TRUSTED_SUFFIXES = ['.worldcoin.org', '.toolsforhumanity.com']
const LOCAL_HOSTS = ['localhost', '127.0.0.1']

/** Result of {@link validateBridgeUrl}. */
export interface BridgeUrlValidation {
  /** True when there are no errors (warnings do not count). */
  valid: boolean
  /** Spec messages of every failed check; only `Failed to parse Bridge URL.` when it does not parse. */
  errors: BridgeUrlMessage[]
  /** Advice that does not block the session (untrusted host). */
  warnings: string[]
  /** True when checks were skipped: staging app id with a localhost bridge. */
  skipped: boolean
}

/**
 * Check a custom bridge URL (spec §5). The bridge client builds its calls
 * with `new URL('/request', bridgeUrl)`, which drops any path, query or
 * fragment — so those are errors rather than being silently ignored — and
 * the key-carrying traffic must use HTTPS on the default port. A host outside
 * World's domains only warns. A staging app id (its id contains `staging`,
 * the same substring test IDKit uses) may use `localhost`/`127.0.0.1` with no
 * checks at all, which the local bridge and the host simulator rely on.
 *
 * Pure: it never throws and never logs; a bridge session logs the result.
 *
 * @example
 * ```ts
 * validateBridgeUrl('http://bridge.example.com:8080/v1', 'app_123').errors
 * // ['Bridge URL must use HTTPS.', 'Bridge URL must use the default port (443).', 'Bridge URL must not have a path.']
 * validateBridgeUrl('http://localhost:4000', 'app_staging_123').skipped // true
 * ```
 */
export function validateBridgeUrl(bridgeUrl: string, appId: string): BridgeUrlValidation {
  let url: URL
  try {
    url = new URL(bridgeUrl)
  } catch {
    return { valid: false, errors: [BridgeUrlMessage.Parse], warnings: [], skipped: false }
  }
  if (String(appId).includes('staging') && LOCAL_HOSTS.includes(url.hostname)) {
    return { valid: true, errors: [], warnings: [], skipped: true }
  }
  const errors: BridgeUrlMessage[] = []
  if (url.protocol !== 'https:') errors.push(BridgeUrlMessage.Https)
  // URL normalises an explicit default port away, so any port left is non-default.
  if (url.port !== '') errors.push(BridgeUrlMessage.Port)
  // Non-special schemes can have an empty path; both mean "no path".
  if (url.pathname !== '/' && url.pathname !== '') errors.push(BridgeUrlMessage.Path)
  if (url.search !== '') errors.push(BridgeUrlMessage.Query)
  if (url.hash !== '') errors.push(BridgeUrlMessage.Fragment)
  const trusted = TRUSTED_SUFFIXES.some((suffix) => url.hostname.endsWith(suffix))
  return { valid: errors.length === 0, errors, warnings: trusted ? [] : [UNTRUSTED_BRIDGE_HOST_MESSAGE], skipped: false }
}
