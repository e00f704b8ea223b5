// @vitest-environment happy-dom

import { render, screen } from '@testing-library/react'
import type { Locale } from '@worldmap/game'
import { describe, expect, test } from 'vitest'
import { CATALOGUES } from '../../lib/i18n/catalogues/index.js'
import { I18nProvider } from '../../lib/i18n/index.js'
import { SpawnRefusedError } from '../drops/SpawnRefusedError.js'
import type { DevicePositionState } from '../position/watchDevicePosition.js'
import { MapBanners, type MapBannersProps } from './MapBanners.js'

const located: DevicePositionState = { status: 'located', lat: 1.29, lng: 103.85, accuracy: 5 }
const jumped = new SpawnRefusedError('impossible_travel')

function renderBanners(locale: Locale, position: DevicePositionState, props: Partial<MapBannersProps> = {}) {
  return render(
    <I18nProvider locale={locale} messages={CATALOGUES[locale]}>
      <MapBanners
        position={position}
        cityName={null}
        onRetryLocation={() => {}}
        dropsError={false}
        refusal={jumped}
        humanVerified={true}
        notice={null}
        resolving={false}
        showHint={false}
        onDismissHint={() => {}}
        {...props}
      />
    </I18nProvider>,
  )
}

describe('MapBanners', () => {
  const locales = Object.keys(CATALOGUES) as Locale[]

  test.each(locales)('behavior: located, the server said the location jumped: the notice shows (%s)', (locale) => {
    renderBanners(locale, located)
    expect(screen.getByRole('status').textContent).toContain(CATALOGUES[locale]['map.spawnJumped'])
  })

  test.each(locales)(
    'behavior: location turned off after a jump: "Location is off" alone, no stale "location jumped" (%s)',
    (locale) => {
      const messages = CATALOGUES[locale]
      const view = renderBanners(locale, located)
      view.rerender(
        <I18nProvider locale={locale} messages={messages}>
          <MapBanners
            position={{ status: 'denied' }}
            cityName={null}
            onRetryLocation={() => {}}
            dropsError={false}
            refusal={jumped}
            humanVerified={true}
            notice={null}
            resolving={false}
            showHint={false}
            onDismissHint={() => {}}
          />
        </I18nProvider>,
      )
      expect(screen.getByRole('alert').textContent).toContain(messages['map.locationOff'])
      expect(document.body.textContent).not.toContain(messages['map.spawnJumped'])
      expect(screen.queryByRole('status')).toBeNull()
    },
  )

  test.each(locales)('behavior: no location signal either: no refusal of any kind shows (%s)', (locale) => {
    const messages = CATALOGUES[locale]
    renderBanners(
      locale,
      { status: 'unavailable', reason: 'no-signal' },
      {
        refusal: new SpawnRefusedError('rate_limited', { retryAfterMs: 60_000 }),
      },
    )
    expect(screen.getByRole('alert').textContent).toContain(messages['map.locationNotFound'])
    expect(screen.queryByRole('status')).toBeNull()
  })

  test.each(locales)(
    'behavior: nothing on the map yet and the server not heard from: "Looking for drops near you…", never with location off (%s)',
    (locale) => {
      const messages = CATALOGUES[locale]
      const view = renderBanners(locale, located, { refusal: null, searching: true })
      expect(screen.getByRole('status').textContent).toBe(messages['map.looking'])
      view.unmount()
      renderBanners(locale, { status: 'denied' }, { refusal: null, searching: true })
      expect(document.body.textContent).not.toContain(messages['map.looking'])
    },
  )
})
