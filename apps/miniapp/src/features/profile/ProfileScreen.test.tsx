// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import { ADDRESS, alice, renderApp, signedInAs } from '../../../test/renderApp.js'
import { es } from '../../lib/i18n/catalogues/es/index.js'
import { I18nProvider } from '../../lib/i18n/index.js'
import { ProfileScreen } from './ProfileScreen.js'

test('default: avatar, username, Copy wallet address, inventory link and Sign out; no address on screen', () => {
  renderApp(<ProfileScreen />, { auth: signedInAs() })
  expect(screen.getByRole('heading', { name: 'alice' })).toBeTruthy()
  expect(screen.getByRole('img', { name: "alice's avatar" }).getAttribute('src')).toBe(alice.profilePictureUrl)
  expect(screen.getByRole('button', { name: 'Copy wallet address' })).toBeTruthy()
  // Not even in a tooltip or an attribute.
  expect(document.body.textContent).not.toMatch(/0x[0-9a-f]/i)
  expect(document.body.innerHTML).not.toMatch(/0x[0-9a-f]/i)
  expect(screen.getByRole('link', { name: 'Inventory' }).getAttribute('href')).toBe('/inventory')
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy()
})

test('behavior: without a username the name is "Explorer", as on home, and no 0x… shows anywhere', () => {
  renderApp(<ProfileScreen sections={<p>World ID section</p>} />, { auth: signedInAs({ ...alice, username: null }) })
  expect(screen.getByRole('heading', { name: 'Explorer' })).toBeTruthy()
  expect(screen.getByRole('img', { name: "Explorer's avatar" })).toBeTruthy()
  expect(document.body.textContent).not.toMatch(/0x[0-9a-f]/i)
  expect(document.body.innerHTML).not.toMatch(/0x[0-9a-f]/i)
})

test('behavior: without a username, the fallback name is in the player’s language (Spanish: "Explorador")', () => {
  renderApp(
    <I18nProvider locale="es" messages={es}>
      <ProfileScreen />
    </I18nProvider>,
    { auth: signedInAs({ ...alice, username: null }) },
  )
  expect(screen.getByRole('heading', { name: 'Explorador' })).toBeTruthy()
  expect(screen.getByRole('img', { name: 'Avatar de Explorador' })).toBeTruthy()
  expect(document.body.textContent).not.toContain('Explorer')
})

test('behavior: Copy wallet address puts the full address on the clipboard, and says so without showing it', async () => {
  const writeText = vi.fn(async () => {})
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
  renderApp(<ProfileScreen />, { auth: signedInAs() })
  fireEvent.click(screen.getByRole('button', { name: 'Copy wallet address' }))
  await screen.findByRole('button', { name: 'Wallet address copied' })
  expect(writeText).toHaveBeenCalledWith(ADDRESS)
  expect(document.body.textContent).not.toMatch(/0x[0-9a-f]/i)
})

test('error: a refused clipboard says so', async () => {
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => Promise.reject(new Error('denied')) } })
  renderApp(<ProfileScreen />, { auth: signedInAs() })
  fireEvent.click(screen.getByRole('button', { name: 'Copy wallet address' }))
  expect(await screen.findByRole('button', { name: "Couldn't copy. Try again" })).toBeTruthy()
})

test('behavior: Sign out signs the backend out and returns to signed out', async () => {
  const { store, signOutBackend } = renderApp(<ProfileScreen />, { auth: signedInAs() })
  fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
  await waitFor(() => expect(store.getState().user).toBeNull())
  expect(signOutBackend).toHaveBeenCalledTimes(1)
})

test('parameters: extra sections (verification, permissions) mount between identity and Sign out', () => {
  renderApp(<ProfileScreen sections={<p>World ID section</p>} />, { auth: signedInAs() })
  expect(screen.getByText('World ID section')).toBeTruthy()
})

test('behavior: renders nothing when signed out', () => {
  const { container } = renderApp(<ProfileScreen />)
  expect(container.querySelector('.profile')).toBeNull()
})
