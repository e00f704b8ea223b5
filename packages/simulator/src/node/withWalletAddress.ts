import { privateKeyToAccount } from 'viem/accounts'
import type { BrowserSimulatorConfig } from '../browser/startSimulator.js'
import { DEV_WALLET_PRIVATE_KEY } from '../wallet/createSimulatorWallet.js'

/**
 * The config with `walletAddress` filled in from its key (or the dev key), for
 * the Playwright helper: its fast boot advertises `window.WorldApp.wallet_address`
 * before the wallet's code loads, and official 2.x reads it at install. (The
 * proxy and the Vite plugin load the full simulator at once, which sets it.)
 *
 * @example
 * ```ts
 * withWalletAddress({ mode: 'scripted' }).walletAddress // the dev wallet's address
 * ```
 */
export function withWalletAddress(config: BrowserSimulatorConfig): BrowserSimulatorConfig {
  if (config.walletAddress) return config
  return { ...config, walletAddress: privateKeyToAccount(config.privateKey ?? DEV_WALLET_PRIVATE_KEY).address }
}
