/**
 * What {@link scrubText} puts where it removed something: the kind of thing
 * stays readable in a report (an address was there) without the thing.
 */
export const SCRUBBED = {
  address: '0x…',
  digits: '#…',
  coordinate: '~…',
  token: '<id>',
  email: '<email>',
  cell: '<cell>',
} as const

// Query strings and fragments of URLs and paths (`/map?lat=1.3&lng=103.8`,
// `https://x/#token`): the part after `?`/`#` up to the next space or quote.
const QUERY = /[?#][^\s'"()<>[\]]+/g
// Wallet addresses, transaction and nullifier hashes: 0x and 6+ hex digits.
const HEX = /0x[0-9a-f]{6,}/gi
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g
// A decimal with 3+ places is a position to ~100 m or better (or the like): a
// line:column in a stack has no decimal point, so stacks keep their lines.
const COORDINATE = /-?\d{1,3}\.\d{3,}/g
// uids, public ids, tokens, JWT parts, long geohashes: 8+ characters of
// letters and digits mixed (identifiers in stacks have no digits, or few).
const TOKEN = /(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[a-z])[\w-]{8,}(?![\w-])/gi
const DIGITS = /\d{6,}/g
// Geohash cells finer than a report's region (6–7 characters: a watch or
// spawn cell, ~1 km to ~150 m) with a digit and a letter of the geohash
// alphabet, alone or in a path (`drops/997459/w21z73`). 5 characters or
// fewer is a region (~5 km), which reports may name.
const CELL = /(?<![\w-])(?=[0-9b-hjkmnp-z]*\d)(?=[0-9b-hjkmnp-z]*[b-hjkmnp-z])[0-9b-hjkmnp-z]{6,7}(?![\w-])/g

/**
 * A report's text without anything that could name a player or place them:
 * no query strings or fragments (positions, tokens), no `0x` addresses or
 * hashes, no e-mail addresses, no coordinates (decimals with 3+ places), no
 * mixed letter-and-digit ids of 8+ characters (uids, tokens, geohashes), no
 * geohash cells of 6–7 characters (finer than a report's region) and no
 * digit runs of 6+ (timestamps, ids); then cut to `maxLength`. Both ends
 * apply it: the app before it sends a report, the server to whatever arrives.
 *
 * @example
 * ```ts
 * scrubText('no drop at 1.352083,103.819836 for 0x1234567890abcdef1234567890abcdef12345678 (/map?at=w21z7)')
 * // 'no drop at ~…,~… for 0x… (/map)'
 * ```
 */
export function scrubText(text: string, maxLength = 500): string {
  const scrubbed = text
    .replace(QUERY, '')
    .replace(HEX, SCRUBBED.address)
    .replace(EMAIL, SCRUBBED.email)
    .replace(COORDINATE, SCRUBBED.coordinate)
    .replace(TOKEN, SCRUBBED.token)
    .replace(CELL, SCRUBBED.cell)
    .replace(DIGITS, SCRUBBED.digits)
  return scrubbed.length > maxLength ? `${scrubbed.slice(0, maxLength - 1)}…` : scrubbed
}
