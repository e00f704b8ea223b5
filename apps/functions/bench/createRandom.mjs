/**
 * A seeded PRNG (mulberry32): the bench's city, players and busy world come out the same every run, so two runs
 * differ only in what the stack did.
 *
 * @param {number} seed
 * @returns {() => number}  a number in [0, 1) each call
 * @example
 * const random = createRandom(8)
 * random() // the same first number every run
 */
export function createRandom(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}
