// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import * as entry from './index.js'

test('default: the public export list', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_DEVELOPER_PORTAL_URL",
      "MiniKitContext",
      "MiniKitProvider",
      "MiniKitProviderMissingError",
      "RECEIPT_TIMEOUT_MS",
      "Supports",
      "TransactionFailedError",
      "TransactionRevertedError",
      "TransactionStatusError",
      "TransactionStatusTimeoutError",
      "WORLD_CHAIN_BATCH_SIZE",
      "WORLD_CHAIN_BLOCK_TIME_MS",
      "WORLD_CHAIN_HTTP_TIMEOUT_MS",
      "WORLD_CHAIN_ID",
      "WORLD_CHAIN_POLLING_INTERVAL_MS",
      "WORLD_CHAIN_RETRY_COUNT",
      "WORLD_CHAIN_RETRY_DELAY_MS",
      "createCommandStore",
      "createReceiptWatcher",
      "createWorldChainClient",
      "installOnce",
      "useCommand",
      "useGetPermissions",
      "useMiniKit",
      "usePay",
      "useRequestPermission",
      "useSafeAreaInsets",
      "useSendHapticFeedback",
      "useSendTransaction",
      "useShare",
      "useShareContacts",
      "useSignMessage",
      "useSignTypedData",
      "useSupports",
      "useUser",
      "useVerificationSession",
      "useVerify",
      "useWaitForTransactionReceipt",
      "useWalletAuth",
      "waitForTransactionHash",
    ]
  `)
})

test('default: every error has a stable name and code', () => {
  const errors = [
    new entry.MiniKitProviderMissingError(),
    new entry.TransactionFailedError('tx_1'),
    new entry.TransactionRevertedError('0x1'),
    new entry.TransactionStatusError(),
    new entry.TransactionStatusTimeoutError('tx_1', 5),
  ]
  expect(errors.map(({ name, code, shortMessage }) => ({ name, code, shortMessage }))).toMatchInlineSnapshot(`
    [
      {
        "code": "provider_missing",
        "name": "MiniKitProviderMissingError",
        "shortMessage": "useMiniKit must be used within a MiniKitProvider",
      },
      {
        "code": "transaction_failed",
        "name": "TransactionFailedError",
        "shortMessage": "Transaction failed",
      },
      {
        "code": "transaction_reverted",
        "name": "TransactionRevertedError",
        "shortMessage": "Transaction reverted",
      },
      {
        "code": "transaction_status_error",
        "name": "TransactionStatusError",
        "shortMessage": "Failed to fetch transaction status",
      },
      {
        "code": "transaction_status_timeout",
        "name": "TransactionStatusTimeoutError",
        "shortMessage": "Timed out waiting for the transaction hash",
      },
    ]
  `)
})

// The root `pnpm test` builds every package first; a bare `vitest run`
// before any build skips this check instead of failing on a missing file.
const built = fileURLToPath(new URL('../../dist/index.js', import.meta.url))

test.skipIf(!existsSync(built))("behavior: the built entry starts with the 'use client' directive", () => {
  const code = readFileSync(built, 'utf8')
  expect(code.split('\n', 1)[0]).toBe("'use client'")
  // Nothing may precede it, or React Server Component bundlers ignore it.
  expect(code.startsWith("'use client'")).toBe(true)
})

test("default: the ./minikit-provider (and ./provider) export list is official 2.0.3's", async () => {
  const provider = await import('./minikitProvider.js')
  expect(Object.keys(provider).sort()).toStrictEqual(['MiniKitProvider', 'useMiniKit'])
  // The root keeps its own provider and hook (another API), untouched.
  expect(entry.MiniKitProvider).not.toBe(provider.MiniKitProvider)
  expect(entry.useMiniKit).not.toBe(provider.useMiniKit)
})

test('behavior: ./provider and ./minikit-provider are one entry, as in official 2.0.3', () => {
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'))
  expect(pkg.exports['./provider']).toStrictEqual(pkg.exports['./minikit-provider'])
  expect(pkg.exports['./minikit-provider']).toStrictEqual({
    types: './dist/minikit-provider.d.ts',
    default: './dist/minikit-provider.js',
  })
})

const builtProvider = fileURLToPath(new URL('../../dist/minikit-provider.js', import.meta.url))

test.skipIf(!existsSync(builtProvider))(
  "behavior: the built ./minikit-provider entry starts with the 'use client' directive",
  () => {
    expect(readFileSync(builtProvider, 'utf8').startsWith("'use client'")).toBe(true)
  },
)
