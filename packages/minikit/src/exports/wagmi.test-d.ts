// Call sites written against official @worldcoin/minikit-js 2.0.3's
// getWorldAppProvider, ./wagmi and ./wagmi-fallback compile unchanged
// against ours: each call site is a function over the module, applied to the
// official's declarations (through the simulator's devDependency) and to ours.
import { createWalletClient, custom } from 'viem'
import { worldchain } from 'viem/chains'
import { expectTypeOf, test } from 'vitest'
import { type Config, createConfig, http, injected } from 'wagmi'
import type * as OfficialWagmi from '../../../simulator/node_modules/@worldcoin/minikit-js-2/build/connector/index.js'
import type * as OfficialRoot from '../../../simulator/node_modules/@worldcoin/minikit-js-2/build/index.js'
import type * as OfficialFallback from '../../../simulator/node_modules/@worldcoin/minikit-js-2/build/wagmi-fallback-register.js'
import type * as Root from './index.js'
import type * as Wagmi from './wagmi.js'
import type * as WagmiFallback from './wagmiFallback.js'

declare const official: { root: typeof OfficialRoot; wagmi: typeof OfficialWagmi; fallback: typeof OfficialFallback }
declare const ours: { root: typeof Root; wagmi: typeof Wagmi; fallback: typeof WagmiFallback }
declare const method: string

// The same call sites, written once per module: the text is identical but for
// `kit`, so what compiles against the official compiles against ours.

/** The README example of official 2.0.3: worldApp() first, a web connector after it, the fallback registered. */
function wagmiSetupOfficial(kit: typeof official) {
  const config = createConfig({
    chains: [worldchain],
    connectors: [kit.wagmi.worldApp(), kit.wagmi.worldApp({ name: 'World' }), injected()],
    transports: { [worldchain.id]: http() },
  })
  kit.fallback.registerWagmiFallback(config)
  return config
}
function wagmiSetupOurs(kit: typeof ours) {
  const config = createConfig({
    chains: [worldchain],
    connectors: [kit.wagmi.worldApp(), kit.wagmi.worldApp({ name: 'World' }), injected()],
    transports: { [worldchain.id]: http() },
  })
  kit.fallback.registerWagmiFallback(config)
  return config
}

/** The provider with viem and raw EIP-1193 calls, as 2.0.3's JSDoc shows. */
async function providerCallsOfficial(kit: typeof official) {
  const provider = kit.root.getWorldAppProvider()
  const client = createWalletClient({ chain: worldchain, transport: custom(provider) })
  const accounts = await provider.request({ method: 'eth_requestAccounts' })
  await provider.request({ method, params: [] })
  const onAccounts = (...args: unknown[]) => console.log(args)
  provider.on('accountsChanged', onAccounts)
  provider.removeListener('accountsChanged', onAccounts)
  return { client, accounts }
}
async function providerCallsOurs(kit: typeof ours) {
  const provider = kit.root.getWorldAppProvider()
  const client = createWalletClient({ chain: worldchain, transport: custom(provider) })
  const accounts = await provider.request({ method: 'eth_requestAccounts' })
  await provider.request({ method, params: [] })
  const onAccounts = (...args: unknown[]) => console.log(args)
  provider.on('accountsChanged', onAccounts)
  provider.removeListener('accountsChanged', onAccounts)
  return { client, accounts }
}

test('default: a wagmi config with worldApp() and registerWagmiFallback compiles against both', () => {
  expectTypeOf(wagmiSetupOfficial(official)).toExtend<Config>()
  expectTypeOf(wagmiSetupOurs(ours)).toExtend<Config>()
})

test('default: getWorldAppProvider with viem custom() and raw requests compiles against both', async () => {
  await providerCallsOfficial(official)
  await providerCallsOurs(ours)
  // Ours is typed over viem's EIP-1193 types: a known method's result is typed.
  const accounts = await ours.root.getWorldAppProvider().request({ method: 'eth_requestAccounts' })
  expectTypeOf(accounts).toEqualTypeOf<`0x${string}`[]>()
})
