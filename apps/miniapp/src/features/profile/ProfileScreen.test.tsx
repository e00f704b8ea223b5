// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { expect, test, vi } from 'vitest'
import { ADDRESS, alice, renderApp, signedInAs } from '../../../test/renderApp.js'
import { ProfileScreen } from './ProfileScreen.js'

test('default: avatar, username, shortened address, inventory link and Sign out', () => {
  renderApp(<ProfileScreen />, { auth: signedInAs() })
  expect(screen.getByRole('heading', { name: 'alice' })).toBeTruthy()
  expect(screen.getByRole('img', { name: "alice's avatar" }).getAttribute('src')).toBe(alice.profilePictureUrl)
  // Only the shortened address is on screen: no tooltip or attribute carries the full one.
  expect(screen.getByText('0x5290…9EE7').getAttribute('title')).toBeNull()
  expect(document.body.innerHTML).not.toContain(ADDRESS)
  expect(screen.getByRole('link', { name: 'Inventory' }).getAttribute('href')).toBe('/inventory')
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy()
})

test('behavior: without a username the shortened address is the name', () => {
  renderApp(<ProfileScreen />, { auth: signedInAs({ ...alice, username: null }) })
  expect(screen.getByRole('heading', { name: '0x5290…9EE7' })).toBeTruthy()
})

test('behavior: Copy puts the full address on the clipboard', async () => {
  const writeText = vi.fn(async () => {})
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
  renderApp(<ProfileScreen />, { auth: signedInAs() })
  fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
  await screen.findByRole('button', { name: 'Copied' })
  expect(writeText).toHaveBeenCalledWith(ADDRESS)
})

test('error: a refused clipboard says so', async () => {
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => Promise.reject(new Error('denied')) } })
  renderApp(<ProfileScreen />, { auth: signedInAs() })
  fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
  expect(await screen.findByRole('button', { name: 'Copy failed' })).toBeTruthy()
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
