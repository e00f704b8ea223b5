import { createHash } from 'node:crypto'

/**
 * SHA-256 of the secret seed and the parts, joined by `|`. Everything the
 * spawn rule derives (spots, drops, streak rewards) comes from it: without
 * the seed nobody can predict where a drop will be. Node's crypto, as in
 * `signNonce`: the rule runs only where the seed is (the functions), so the
 * `server` subpath carries it and no hashing library ships to the app.
 *
 * @example
 * ```ts
 * const hash = spawnHash(seed, 'spot', day, 'w21z73t', 0)
 * ```
 */
export function spawnHash(seed: string, ...parts: (string | number)[]): Buffer {
  return createHash('sha256')
    .update(`${seed}|${parts.join('|')}`)
    .digest()
}

/**
 * A uniform number in (0, 1) from 4 bytes of a hash, never 0 or 1: `(n + 0.5) / 2^32`.
 *
 * @example
 * ```ts
 * const lat = south + unitOf(hash, 0) * (north - south) // strictly inside the cell
 * ```
 */
export function unitOf(hash: Buffer, offset: number): number {
  return (hash.readUInt32BE(offset) + 0.5) / 2 ** 32
}
