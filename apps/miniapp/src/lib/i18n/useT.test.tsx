// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { es } from './catalogues/es/index.js'
import { id } from './catalogues/id/index.js'
import { I18nProvider } from './I18nProvider.js'
import { translate } from './messages.js'
import { useLocale, useT } from './useT.js'

function Probe() {
  const t = useT()
  return (
    <p data-locale={useLocale()}>
      {t('layout.map')}|{t('layout.titleMap')}
    </p>
  )
}

describe('useT', () => {
  test("default: the provider's language", () => {
    render(
      <I18nProvider locale="es" messages={es}>
        <Probe />
      </I18nProvider>,
    )
    expect(screen.getByText('Mapa|Mapa · WorldMap').dataset.locale).toBe('es')
  })

  test('behavior: without a provider, the fallback (English in tests)', () => {
    render(<Probe />)
    expect(screen.getByText('Map|Map · WorldMap').dataset.locale).toBe('en')
  })
})

describe('translate', () => {
  test('default', () => {
    expect(translate({ locale: 'id', messages: id }, 'layout.map')).toBe('Peta')
  })

  test('behavior: a key the catalogue lacks shows as itself', () => {
    expect(translate({ locale: 'id', messages: {} }, 'layout.map')).toBe('layout.map')
  })
})
