import { DEFAULT_BRIDGE_URL, DEFAULT_CONNECT_BASE_URL } from './constants.js'

/** Input of {@link buildConnectorURI}. */
export interface ConnectorURIInput {
  /** The bridge's `request_id`. */
  requestId: string
  /** The session key as standard base64 (from `exportBridgeKey`). */
  key: string
  /** The bridge in use; only a non-default one is written into the link. */
  bridgeUrl?: string | undefined
  /** Allow deferred (partner) verification: adds `partner=true`. */
  partner?: boolean | undefined
  /** The verify page; default `https://world.org/verify`. */
  connectBaseUrl?: string | undefined
}

/** Origin of a URL, or null when it has none (unparsable or opaque). */
function originOf(value: string): string | null {
  try {
    const { origin } = new URL(value)
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

/**
 * The link the wallet opens (deep link or QR code):
 * `…/verify?t=wld&i=<request id>&k=<key>[&b=<bridge>][&partner=true]`.
 *
 * `b` is added only for a bridge whose origin differs from the default.
 * IDKit compares raw strings, so `https://bridge.worldcoin.org/` gets a
 * redundant `b`; comparing origins does not. `b` carries the origin (what
 * the client itself talks to, since `/request` is resolved against it), so
 * a trailing slash never reaches the wallet either.
 *
 * @example
 * ```ts
 * buildConnectorURI({ requestId: 'f1c…', key: 'q4N…=', partner: true })
 * // 'https://world.org/verify?t=wld&i=f1c…&k=q4N…%3D&partner=true'
 * ```
 */
export function buildConnectorURI(input: ConnectorURIInput): string {
  const base = input.connectBaseUrl ?? DEFAULT_CONNECT_BASE_URL
  let uri = `${base}${base.includes('?') ? '&' : '?'}t=wld&i=${encodeURIComponent(input.requestId)}&k=${encodeURIComponent(input.key)}`
  if (input.bridgeUrl !== undefined) {
    const origin = originOf(input.bridgeUrl)
    if (origin !== originOf(DEFAULT_BRIDGE_URL)) uri += `&b=${encodeURIComponent(origin ?? input.bridgeUrl)}`
  }
  if (input.partner) uri += '&partner=true'
  return uri
}
