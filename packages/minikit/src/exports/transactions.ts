// Framework-free building blocks for UI bindings (React, Vue, Svelte…): the
// command store, and World Chain transaction tracking (Developer Portal
// polling, receipt watcher, chain client). Kept off the root entry because
// the transaction helpers pull in viem; every module stays tree-shakeable.
// Server-safe: importing this entry touches no window, fetch or network.
export { TransactionFailedError, type TransactionFailedErrorType } from '../errors/transactions/TransactionFailedError.js'
export { TransactionRevertedError, type TransactionRevertedErrorType } from '../errors/transactions/TransactionRevertedError.js'
export { TransactionStatusError, type TransactionStatusErrorType } from '../errors/transactions/TransactionStatusError.js'
export {
  TransactionStatusTimeoutError,
  type TransactionStatusTimeoutErrorType,
} from '../errors/transactions/TransactionStatusTimeoutError.js'
export { WORLD_CHAIN_ID } from '../protocol/chain.js'
export {
  type CommandState,
  type CommandStatus,
  type CommandStore,
  createCommandStore,
} from '../stores/createCommandStore.js'
export {
  DEFAULT_DEVELOPER_PORTAL_URL,
  RECEIPT_TIMEOUT_MS,
  WORLD_CHAIN_BATCH_SIZE,
  WORLD_CHAIN_BLOCK_TIME_MS,
  WORLD_CHAIN_HTTP_TIMEOUT_MS,
  WORLD_CHAIN_POLLING_INTERVAL_MS,
  WORLD_CHAIN_RETRY_COUNT,
  WORLD_CHAIN_RETRY_DELAY_MS,
} from '../transactions/constants.js'
export {
  createReceiptWatcher,
  getReceiptState,
  type ReceiptState,
  type ReceiptStatus,
  type ReceiptTarget,
  type ReceiptWatcher,
} from '../transactions/createReceiptWatcher.js'
export { createWorldChainClient, type WorldChainClient } from '../transactions/createWorldChainClient.js'
export {
  type WaitForTransactionHashParameters,
  waitForTransactionHash,
} from '../transactions/waitForTransactionHash.js'
