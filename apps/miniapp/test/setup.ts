import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => {
  // Without vitest globals Testing Library cannot register its own cleanup.
  cleanup()
  // After unmounting, so nothing writes back: a signed-in render caches its
  // user (`worldmap:user:v1`), which would restore a session in the next test.
  // Node environments have no localStorage; some DOMs throw on access.
  try {
    globalThis.localStorage?.clear()
  } catch {}
})
