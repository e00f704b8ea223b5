// A 2.0.3 call site of `@worldcoin/minikit-js/minikit-provider` compiles
// unchanged against `@worldmap/minikit-react/minikit-provider`.
import type { ReactNode } from 'react'
import { expectTypeOf, test } from 'vitest'
import type * as provider from '../exports/minikitProvider.js'
import { MiniKitProvider, useMiniKit } from '../exports/minikitProvider.js'

const appId = 'app_staging_123'
const wagmiConfig = { chains: [], connectors: [] }

// As official 2.0.3's docs write them: options under `props`, wagmiConfig optional.
function Root({ children }: { children: ReactNode }) {
  return (
    <MiniKitProvider props={{ appId }}>
      <MiniKitProvider props={{ appId, wagmiConfig }}>{children}</MiniKitProvider>
      <MiniKitProvider>{children}</MiniKitProvider>
    </MiniKitProvider>
  )
}

function Page() {
  const { isInstalled } = useMiniKit()
  return isInstalled ? <p>in World App</p> : null
}

test('default: the official 2.0.3 call sites compile', () => {
  expectTypeOf(Root).parameter(0).toEqualTypeOf<{ children: ReactNode }>()
  expectTypeOf(Page).returns.not.toBeAny()
  expectTypeOf(useMiniKit).returns.toEqualTypeOf<{ isInstalled: boolean | undefined }>()
  expectTypeOf<provider.MiniKitProps>().toEqualTypeOf<{ appId?: string; wagmiConfig?: unknown }>()
})

test("error: the root provider's props are not this one's", () => {
  // @ts-expect-error the official provider takes its options under `props`
  ;<MiniKitProvider appId="app_staging_123">x</MiniKitProvider>
})
