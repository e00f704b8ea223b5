import { vi } from 'vitest'

/** The SDK and the bindings, loaded together from one fresh module registry. */
export interface Fresh {
  sdk: typeof import('@worldmap/minikit') & typeof import('@worldmap/minikit/internal')
  lib: typeof import('../src/exports/index.js')
}

/**
 * The SDK keeps page-wide state (installed flag, user, reply queues) in
 * module scope and exports no reset. Each test gets brand-new instances by
 * clearing vitest's module registry and importing again: the built SDK is
 * a workspace package outside node_modules, so vitest inlines it and
 * re-evaluates it here, together with our sources (which must see the same
 * SDK instance). React and Testing Library are external and stay shared.
 */
export async function loadFresh(): Promise<Fresh> {
  vi.resetModules()
  // Root and ./internal after one reset: both see the same fresh state.
  const sdk = { ...(await import('@worldmap/minikit')), ...(await import('@worldmap/minikit/internal')) }
  const lib = await import('../src/exports/index.js')
  return { sdk, lib }
}
