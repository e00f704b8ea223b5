/**
 * `0x1234…abcd`: the first 6 and last 4 characters of a wallet address.
 * Anything short enough to read is returned unchanged.
 *
 * @example
 * ```ts
 * shortenAddress('0x52908400098527886E0F7030069857D2E4169EE7') // '0x5290…9EE7'
 * ```
 */
export function shortenAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`
}
