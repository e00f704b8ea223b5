// Keccak-256 (the pre-NIST padding Ethereum uses) over 32-bit lane halves,
// so no BigInt on the hot path. In-house because the 1.x `verify` command and
// `hashToField` hash synchronously on the root entry, which must reach no
// npm crypto package (issue 34: a bundler without code splitting would inline
// it into every page); checked against @noble/hashes' keccak_256 by property
// tests (keccak256.test.ts).

const RATE = 136 // bytes absorbed per block: (1600 - 2 * 256) / 8

// The rho-pi walk: lane index (x + 5y) each step moves to, and its rotation.
const PI: number[] = []
const ROT: number[] = []
// Iota's 24 round constants, as low and high 32-bit halves.
const RC_LO: number[] = []
const RC_HI: number[] = []
for (let round = 0, r = 1, x = 1, y = 0; round < 24; round++) {
  ;[x, y] = [y, (2 * x + 3 * y) % 5]
  PI.push(x + 5 * y)
  ROT.push((((round + 1) * (round + 2)) / 2) % 64)
  let lo = 0
  let hi = 0
  for (let j = 0; j < 7; j++) {
    r = ((r << 1) ^ ((r >> 7) * 0x71)) % 256
    if (r & 2) {
      const bit = (1 << j) - 1
      if (bit < 32) lo |= 1 << bit
      else hi |= 1 << (bit - 32)
    }
  }
  RC_LO.push(lo >>> 0)
  RC_HI.push(hi >>> 0)
}

// The low (rotlLo) and high (rotlHi) half of the 64-bit lane (lo, hi)
// rotated left by n, 0 < n < 64.
const rotlLo = (lo: number, hi: number, n: number) =>
  n < 32 ? (lo << n) | (hi >>> (32 - n)) : n === 32 ? hi : (hi << (n - 32)) | (lo >>> (64 - n))
const rotlHi = (lo: number, hi: number, n: number) =>
  n < 32 ? (hi << n) | (lo >>> (32 - n)) : n === 32 ? lo : (lo << (n - 32)) | (hi >>> (64 - n))

/** Keccak-f[1600] on 25 lanes, lane i at s[2i] (low half) and s[2i + 1] (high half). */
function permute(s: Uint32Array, c: Uint32Array): void {
  for (let round = 0; round < 24; round++) {
    // Theta: each lane takes the parity of two neighbouring columns.
    for (let i = 0; i < 10; i++)
      c[i] = (s[i] as number) ^ (s[i + 10] as number) ^ (s[i + 20] as number) ^ (s[i + 30] as number) ^ (s[i + 40] as number)
    for (let x = 0; x < 10; x += 2) {
      const next = (x + 2) % 10
      const prev = (x + 8) % 10
      const lo = rotlLo(c[next] as number, c[next + 1] as number, 1) ^ (c[prev] as number)
      const hi = rotlHi(c[next] as number, c[next + 1] as number, 1) ^ (c[prev + 1] as number)
      for (let y = 0; y < 50; y += 10) {
        s[y + x] = (s[y + x] as number) ^ lo
        s[y + x + 1] = (s[y + x + 1] as number) ^ hi
      }
    }
    // Rho and pi: rotate each lane and move it along the walk.
    let lo = s[2] as number
    let hi = s[3] as number
    for (let step = 0; step < 24; step++) {
      const to = 2 * (PI[step] as number)
      const n = ROT[step] as number
      const rlo = rotlLo(lo, hi, n)
      const rhi = rotlHi(lo, hi, n)
      lo = s[to] as number
      hi = s[to + 1] as number
      s[to] = rlo
      s[to + 1] = rhi
    }
    // Chi: the only non-linear step, row by row (c is scratch here).
    for (let y = 0; y < 50; y += 10) {
      for (let i = 0; i < 10; i++) c[i] = s[y + i] as number
      for (let i = 0; i < 10; i++) s[y + i] = (c[i] as number) ^ (~(c[(i + 2) % 10] as number) & (c[(i + 4) % 10] as number))
    }
    // Iota.
    s[0] = (s[0] as number) ^ (RC_LO[round] as number)
    s[1] = (s[1] as number) ^ (RC_HI[round] as number)
  }
}

/**
 * The Keccak-256 digest (32 bytes) of `bytes`, as Ethereum's `keccak256`.
 *
 * @example
 * ```ts
 * keccak256(new Uint8Array()) // c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470
 * ```
 */
export function keccak256(bytes: Uint8Array): Uint8Array {
  const s = new Uint32Array(50)
  const scratch = new Uint32Array(10)
  // Absorb whole blocks, then the last one padded with 0x01 … 0x80.
  const blocks = Math.floor(bytes.length / RATE) + 1
  for (let block = 0; block < blocks; block++) {
    const start = block * RATE
    for (let i = 0; i < RATE; i++) {
      const at = start + i
      let byte = at < bytes.length ? (bytes[at] as number) : 0
      if (block === blocks - 1) {
        if (at === bytes.length) byte |= 0x01
        if (i === RATE - 1) byte |= 0x80
      }
      if (byte) s[i >> 2] = (s[i >> 2] as number) ^ (byte << (8 * (i & 3)))
    }
    permute(s, scratch)
  }
  const out = new Uint8Array(32)
  for (let i = 0; i < 32; i++) out[i] = ((s[i >> 2] as number) >>> (8 * (i & 3))) & 0xff
  return out
}
