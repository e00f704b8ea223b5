// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import { es } from '../../lib/i18n/catalogues/es/index.js'
import { I18nProvider } from '../../lib/i18n/index.js'
import { LanguageSection } from './LanguageSection.js'

test('default: Automatic first and checked without a choice, then each language named in itself', () => {
  render(<LanguageSection readChoice={() => 'auto'} choose={() => {}} />)
  const radios = screen.getAllByRole('radio') as HTMLInputElement[]
  expect(radios.map((radio) => radio.labels?.[0]?.textContent)).toEqual([
    'Automatic (World App)',
    'English',
    'Español',
    'Português (Brasil)',
    'Bahasa Indonesia',
  ])
  expect(radios.map((radio) => radio.checked)).toEqual([true, false, false, false, false])
  expect(screen.getByRole('heading', { name: 'Language' })).toBeTruthy()
})

test('behavior: choosing a language records it, and the saved choice shows as checked', () => {
  const choose = vi.fn()
  render(
    <I18nProvider locale="es" messages={es}>
      <LanguageSection readChoice={() => 'es'} choose={choose} />
    </I18nProvider>,
  )
  expect((screen.getByRole('radio', { name: 'Español' }) as HTMLInputElement).checked).toBe(true)
  expect(screen.getByRole('radio', { name: 'Automático (World App)' })).toBeTruthy()
  fireEvent.click(screen.getByRole('radio', { name: 'Bahasa Indonesia' }))
  expect(choose).toHaveBeenCalledWith('id')
  fireEvent.click(screen.getByRole('radio', { name: 'Automático (World App)' }))
  expect(choose).toHaveBeenLastCalledWith('auto')
})

test('behavior: by default, the choice is the page cookie', () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie the section reads is the subject of this test.
  document.cookie = 'worldmap-lang=pt-BR; Path=/'
  render(<LanguageSection choose={() => {}} />)
  expect((screen.getByRole('radio', { name: 'Português (Brasil)' }) as HTMLInputElement).checked).toBe(true)
  // biome-ignore lint/suspicious/noDocumentCookie: as above, removed again.
  document.cookie = 'worldmap-lang=; Path=/; Max-Age=0'
})

test('behavior: by default, a choice is saved in the cookie the server reads and the page reloads in it', () => {
  const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {})
  render(<LanguageSection readChoice={() => 'auto'} />)
  fireEvent.click(screen.getByRole('radio', { name: 'Bahasa Indonesia' }))
  expect(document.cookie).toContain('worldmap-lang=id')
  expect(reload).toHaveBeenCalledOnce()
  fireEvent.click(screen.getByRole('radio', { name: 'Automatic (World App)' }))
  expect(document.cookie).not.toContain('worldmap-lang')
  expect(reload).toHaveBeenCalledTimes(2)
})
