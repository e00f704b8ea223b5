import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup())

// findBy*/waitFor give up after 1 s by default. With coverage on and both cores
// busy, a lazily imported chunk alone took longer than that in CI (a failed
// NearestDropsCard run); they still return as soon as the element is there.
configure({ asyncUtilTimeout: 5_000 })
