// The chain mini-app commands target.

/** World Chain, the only network mini-app commands target. */
export const WORLD_CHAIN_ID = 480

/** Networks a payment can name; the SDK always sends `worldchain`. */
export const Network = {
  Optimism: 'optimism',
  WorldChain: 'worldchain',
} as const
export type Network = (typeof Network)[keyof typeof Network]
