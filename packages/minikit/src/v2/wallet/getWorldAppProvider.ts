import { type ProviderListeners, providerEvents, sharedProvider, type WorldAppProvider } from './providerState.js'

/** Load the request side and the commands once, sharing the shell's listeners. */
function lazyProvider(): WorldAppProvider {
  const listeners: ProviderListeners = new Map()
  let loaded: Promise<WorldAppProvider> | undefined
  const load = () =>
    (loaded ??= Promise.all([import('./provider.js'), import('./providerCommands.js')]).then(([provider, commands]) =>
      provider.createWorldAppProvider(commands.worldAppCommands, listeners),
    ))
  const request = async (args: { method: string; params?: unknown }) => (await load()).request(args)
  return { request: request as WorldAppProvider['request'], ...providerEvents(listeners) }
}

/**
 * The page's EIP-1193 provider for World App, for viem, ethers, wagmi or raw
 * EIP-1193 calls: `eth_requestAccounts` signs in with World App (one sign-in
 * at a time), `personal_sign`/`eth_sign`, `eth_signTypedData(_v3/_v4)` and
 * `eth_sendTransaction` run the 2.x wallet commands, and the chain is World
 * Chain (480). Failures reject with `ProviderRpcError` and its EIP-1193 code
 * (4001 the user declined, 4900 not in World App, 4902 another chain, 4200
 * unsupported, -32602 bad params, -32603 World App failed).
 *
 * One provider per window, shared by every bundle on the page (as official
 * 2.x keeps it); during server rendering each call makes a new one. Its
 * request side loads on the first request, so the root entry stays light.
 *
 * @example
 * ```ts
 * import { createWalletClient, custom } from 'viem'
 * import { worldchain } from 'viem/chains'
 * import { getWorldAppProvider } from '@worldmap/minikit'
 *
 * const client = createWalletClient({ chain: worldchain, transport: custom(getWorldAppProvider()) })
 * const [address] = await client.requestAddresses()
 * const signature = await client.signMessage({ account: address, message: 'Claim tile 42' })
 * ```
 */
export function getWorldAppProvider(): WorldAppProvider {
  return sharedProvider(lazyProvider)
}
