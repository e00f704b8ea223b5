// The wagmi connector for World App: a thin adapter over the page's EIP-1193
// provider, which holds all sign-in and RPC logic. Typed with wagmi's own
// `CreateConnectorFn` (a type import: wagmi's `createConnector` is the
// identity at runtime), so importing `./wagmi` loads no wagmi code.

import type { Chain } from 'viem'
import type { CreateConnectorFn } from 'wagmi'
import { ProviderRpcError, ProviderRpcErrorCode } from '../../errors/wallet/ProviderRpcError.js'
import { WORLD_CHAIN_ID } from '../../protocol/chain.js'
import { state } from '../../state.js'
import { isInWorldApp } from '../isInWorldApp.js'
import { getWorldAppProvider } from './getWorldAppProvider.js'
import { clearProviderAddress, getProviderAddress, setProviderAddress, type WorldAppProvider } from './providerState.js'

/** Options of {@link worldApp}. */
export interface WorldAppConnectorOptions {
  /** The connector's name in wallet pickers; `'World App'` unless given. */
  name?: string
}

/**
 * The World App connector for wagmi. Put it first in `connectors`: inside
 * World App it signs in and signs through World App's native commands;
 * outside, wagmi moves on to the next connector (and `registerWagmiFallback`
 * routes the 2.x commands there).
 *
 * @example
 * ```ts
 * import { createConfig, http, injected } from 'wagmi'
 * import { worldchain } from 'wagmi/chains'
 * import { worldApp } from '@worldmap/minikit/wagmi'
 *
 * export const config = createConfig({
 *   chains: [worldchain],
 *   connectors: [worldApp(), injected()],
 *   transports: { [worldchain.id]: http() },
 * })
 * ```
 */
export function worldApp(options: WorldAppConnectorOptions = {}): CreateConnectorFn<WorldAppProvider> {
  const name = options.name ?? 'World App'
  return (config) => {
    const provider = getWorldAppProvider()
    const requestAccounts = () => provider.request({ method: 'eth_requestAccounts' })
    return {
      id: 'worldApp',
      name,
      type: 'worldApp',
      async setup() {
        // World App names the wallet at launch: wagmi can reconnect without a sign-in sheet.
        const known = state.user.walletAddress
        if (known) setProviderAddress(known)
      },
      async connect() {
        // `as never`: wagmi types `accounts` by its `withCapabilities` flag; World App has no capabilities to report.
        return { accounts: (await requestAccounts()) as never, chainId: WORLD_CHAIN_ID }
      },
      async disconnect() {
        clearProviderAddress()
      },
      async getAccounts() {
        const known = getProviderAddress()
        if (known) return [known]
        if (!isInWorldApp()) return []
        try {
          return await requestAccounts()
        } catch {
          // wagmi asks for accounts while reconnecting; a declined sign-in means "none", not a crash.
          return []
        }
      },
      async getChainId() {
        return WORLD_CHAIN_ID
      },
      async getProvider() {
        return provider
      },
      async isAuthorized() {
        return isInWorldApp() && getProviderAddress() !== undefined
      },
      async switchChain({ chainId }) {
        if (chainId !== WORLD_CHAIN_ID)
          throw new ProviderRpcError(
            ProviderRpcErrorCode.UnrecognizedChain,
            `World App only supports World Chain (chainId: ${WORLD_CHAIN_ID})`,
          )
        return (config.chains.find((chain) => chain.id === WORLD_CHAIN_ID) ?? config.chains[0]) as Chain
      },
      // World App has one account and one chain: nothing changes under wagmi.
      onAccountsChanged() {},
      onChainChanged() {},
      onDisconnect() {},
    }
  }
}
