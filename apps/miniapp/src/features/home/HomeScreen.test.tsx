// @vitest-environment happy-dom
import { screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { alice, renderApp, signedInAs } from '../../../test/renderApp.js'
import { HomeScreen } from './HomeScreen.js'

test('default: greets the user by username and links to the map', () => {
  renderApp(<HomeScreen />, { auth: signedInAs() })
  expect(screen.getByRole('heading', { name: 'alice' })).toBeTruthy()
  expect(screen.getByRole('link', { name: /Open the map/ }).getAttribute('href')).toBe('/map')
})

test('behavior: the shortened address when there is no username', () => {
  renderApp(<HomeScreen />, { auth: signedInAs({ ...alice, username: null }) })
  expect(screen.getByRole('heading', { name: '0x5290…9EE7' })).toBeTruthy()
})
