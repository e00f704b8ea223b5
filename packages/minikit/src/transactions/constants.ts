// World Chain client defaults (spec §9). Plain numbers, so they can be
// asserted in tests and reused by apps that build their own client. The
// chain id itself is ground-level (`WORLD_CHAIN_ID` in protocol/chain.ts).

/** World Chain's block time, in ms. */
export const WORLD_CHAIN_BLOCK_TIME_MS = 2_000
/** Timeout of one JSON-RPC HTTP request, in ms. */
export const WORLD_CHAIN_HTTP_TIMEOUT_MS = 10_000
/** How often a failed JSON-RPC request is retried. */
export const WORLD_CHAIN_RETRY_COUNT = 3
/** Base delay of the exponential retry backoff, in ms (150, 300, 600…). */
export const WORLD_CHAIN_RETRY_DELAY_MS = 150
/** At most this many JSON-RPC calls per HTTP batch. */
export const WORLD_CHAIN_BATCH_SIZE = 1_000
/** How long to wait for a transaction receipt, in ms (3 minutes). */
export const RECEIPT_TIMEOUT_MS = 180_000
/** Polling interval: half the block time, clamped to 500–4000 ms (= 1000 ms). */
export const WORLD_CHAIN_POLLING_INTERVAL_MS = Math.min(Math.max(Math.floor(WORLD_CHAIN_BLOCK_TIME_MS / 2), 500), 4_000)
/** The Developer Portal that knows MiniKit transaction ids. */
export const DEFAULT_DEVELOPER_PORTAL_URL = 'https://developer.worldcoin.org'
