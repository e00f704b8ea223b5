// Public entry of @worldmap/minikit-react. Built with a 'use client' banner:
// every export needs a client component.

export { installOnce } from '@worldmap/minikit'
// The framework-free core these hooks render, re-exported so existing
// imports keep working; Vue, Svelte or plain code imports it from
// @worldmap/minikit/transactions directly.
export {
  type CommandState,
  type CommandStatus,
  type CommandStore,
  createCommandStore,
  createReceiptWatcher,
  createWorldChainClient,
  DEFAULT_DEVELOPER_PORTAL_URL,
  RECEIPT_TIMEOUT_MS,
  type ReceiptState,
  type ReceiptStatus,
  type ReceiptTarget,
  type ReceiptWatcher,
  TransactionFailedError,
  TransactionRevertedError,
  TransactionStatusError,
  TransactionStatusTimeoutError,
  type WaitForTransactionHashParameters,
  WORLD_CHAIN_BATCH_SIZE,
  WORLD_CHAIN_BLOCK_TIME_MS,
  WORLD_CHAIN_HTTP_TIMEOUT_MS,
  WORLD_CHAIN_ID,
  WORLD_CHAIN_POLLING_INTERVAL_MS,
  WORLD_CHAIN_RETRY_COUNT,
  WORLD_CHAIN_RETRY_DELAY_MS,
  type WorldChainClient,
  waitForTransactionHash,
} from '@worldmap/minikit/transactions'
export { Supports, type SupportsProps } from '../components/Supports.js'
export { MiniKitContext, type MiniKitContextValue, MiniKitProvider, type MiniKitProviderProps } from '../context.js'
export { MiniKitProviderMissingError } from '../errors/MiniKitProviderMissingError.js'
export { type UseCommandReturnType, type UseCommandState, useCommand } from '../hooks/useCommand.js'
export { type UseGetPermissionsReturnType, useGetPermissions } from '../hooks/useGetPermissions.js'
export { type UseMiniKitReturnType, useMiniKit } from '../hooks/useMiniKit.js'
export { type UsePayReturnType, usePay } from '../hooks/usePay.js'
export { type UseRequestPermissionReturnType, useRequestPermission } from '../hooks/useRequestPermission.js'
export { useSafeAreaInsets } from '../hooks/useSafeAreaInsets.js'
export { type UseSendHapticFeedbackReturnType, useSendHapticFeedback } from '../hooks/useSendHapticFeedback.js'
export { type UseSendTransactionReturnType, useSendTransaction } from '../hooks/useSendTransaction.js'
export { type UseShareReturnType, useShare } from '../hooks/useShare.js'
export { type UseShareContactsReturnType, useShareContacts } from '../hooks/useShareContacts.js'
export { type UseSignMessageReturnType, useSignMessage } from '../hooks/useSignMessage.js'
export { type UseSignTypedDataReturnType, useSignTypedData } from '../hooks/useSignTypedData.js'
export { useSupports } from '../hooks/useSupports.js'
export { useUser } from '../hooks/useUser.js'
export { type UseVerificationSessionReturnType, useVerificationSession } from '../hooks/useVerificationSession.js'
export { type UseVerifyReturnType, useVerify } from '../hooks/useVerify.js'
export {
  type UseWaitForTransactionReceiptParameters,
  type UseWaitForTransactionReceiptReturnType,
  useWaitForTransactionReceipt,
} from '../hooks/useWaitForTransactionReceipt.js'
export { type UseWalletAuthReturnType, useWalletAuth } from '../hooks/useWalletAuth.js'
