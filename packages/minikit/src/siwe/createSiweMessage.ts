/** Wire type: the fields of a World App sign-in (SIWE) message. */
export interface SiweMessage {
  scheme?: string
  domain: string
  /** Omitted on the client: the host fills in the `{address}` placeholder. */
  address?: string
  statement?: string
  uri: string
  version: string
  chain_id: number
  nonce: string
  issued_at: string
  expiration_time?: string
  not_before?: string
  request_id?: string
}

/**
 * Render a SIWE message in World App's exact layout: every line ends with
 * `\n`, the address is the `{address}` placeholder unless given, and an
 * empty statement leaves two blank lines (strict parsers depend on this).
 *
 * @example
 * ```ts
 * createSiweMessage({
 *   scheme: 'https', domain: 'app.example', uri: 'https://app.example/',
 *   version: '1', chain_id: 480, nonce: 'a1b2c3d4e5', issued_at: new Date().toISOString(),
 * })
 * ```
 */
export function createSiweMessage(message: SiweMessage): string {
  let text = `${message.scheme ? `${message.scheme}://` : ''}${message.domain} wants you to sign in with your Ethereum account:\n`
  text += `${message.address ?? '{address}'}\n\n`
  if (message.statement) text += `${message.statement}\n`
  text += `\nURI: ${message.uri}\nVersion: ${message.version}\nChain ID: ${message.chain_id}\nNonce: ${message.nonce}\nIssued At: ${message.issued_at}\n`
  if (message.expiration_time) text += `Expiration Time: ${message.expiration_time}\n`
  if (message.not_before) text += `Not Before: ${message.not_before}\n`
  if (message.request_id) text += `Request ID: ${message.request_id}\n`
  return text
}
