import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { en } from '../src/lib/i18n/catalogues/en/index.js'
import { provideFallbackCatalogue } from '../src/lib/i18n/I18nContext.js'

afterEach(() => {
  // Without vitest globals Testing Library cannot register its own cleanup.
  cleanup()
  // After unmounting, so nothing writes back: a signed-in render caches its
  // user (`worldmap:user:v2`), which would restore a session in the next test.
  // Node environments have no localStorage; some DOMs throw on access.
  try {
    globalThis.localStorage?.clear()
  } catch {}
})

// Components rendered without the page's I18nProvider read English, as the tests expect.
provideFallbackCatalogue({ locale: 'en', messages: en })

// findBy*/waitFor give up after 1 s by default. With coverage on and both cores
// busy, a lazily imported chunk alone took longer than that in CI (a failed
// NearestDropsCard run); they still return as soon as the element is there.
configure({ asyncUtilTimeout: 5_000 })
