// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import { beforeEach, expect, test, vi } from 'vitest'
import { alice, renderApp, signedInAs, toolkit } from '../../../test/renderApp.js'
import { NOT_INSTALLED_WARNING } from '../auth/AuthProvider.js'
import { AppShell } from './AppShell.js'

let warn: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})

const page = <p>page content</p>

test('default: signed out and installed, a full-screen login view with the logo and Login', () => {
  renderApp(<AppShell pathname="/">{page}</AppShell>, {
    toolkit: toolkit({ isInstalled: false, installResult: undefined }),
  })
  expect(screen.getByRole('img', { name: 'WorldMap' })).toBeTruthy()
  // Toolkit state unknown (server render, before install): a spinner, no button.
  expect(screen.getByRole('status', { name: 'Connecting to World App' })).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Login' })).toBeNull()
  expect(screen.queryByText('page content')).toBeNull()
})

test('behavior: the Login button once the toolkit is installed and nothing is pending', () => {
  renderApp(<AppShell pathname="/">{page}</AppShell>, {
    toolkit: toolkit({ isInstalled: false, installResult: undefined }),
  }).rerenderWith(toolkit())
  // Installing starts the automatic login: a spinner replaces the button while pending.
  expect(screen.getByRole('status', { name: 'Signing in' })).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Login' })).toBeNull()
})

test('behavior: not installed → the warning is logged and a spinner shows', () => {
  renderApp(<AppShell pathname="/">{page}</AppShell>, {
    toolkit: toolkit({
      isInstalled: false,
      installResult: { success: false, errorCode: 'outside_of_worldapp', errorMessage: 'MiniApp launched outside of WorldApp.' },
    }),
  })
  expect(warn).toHaveBeenCalledWith(NOT_INSTALLED_WARNING)
  expect(screen.getByRole('status')).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Login' })).toBeNull()
  // Only logged: nothing about it on screen.
  expect(screen.queryByText(/not installed/i)).toBeNull()
})

test.each([
  ['/', true, 'Map'],
  ['/map', true, 'Back'],
  ['/profile', false, null],
  ['/inventory', false, 'Map'],
] as const)('behavior: signed in on %s — top bar %s, bottom button %s', (pathname, topBar, bottom) => {
  renderApp(<AppShell pathname={pathname}>{page}</AppShell>, { auth: signedInAs() })
  expect(screen.getByText('page content')).toBeTruthy()
  expect(screen.queryByRole('banner') !== null).toBe(topBar)
  const nav = screen.queryByRole('navigation', { name: 'Main' })
  if (bottom === null) {
    expect(nav).toBeNull()
  } else {
    const link = within(nav as HTMLElement).getByRole('link', { name: bottom })
    expect(link.getAttribute('href')).toBe(bottom === 'Back' ? '/' : '/map')
    expect(link.className).toContain('round-button')
  }
})

test('behavior: the top bar has the logo and a round avatar linking to /profile with the picture', () => {
  renderApp(<AppShell pathname="/">{page}</AppShell>, { auth: signedInAs() })
  const bar = screen.getByRole('banner')
  expect(within(bar).getByRole('img', { name: 'WorldMap' })).toBeTruthy()
  const profile = within(bar).getByRole('link', { name: 'Profile' })
  expect(profile.getAttribute('href')).toBe('/profile')
  expect(within(profile).getByRole('img').getAttribute('src')).toBe(alice.profilePictureUrl)
})

test('behavior: without a profile picture the avatar is a person icon', () => {
  const { container } = renderApp(<AppShell pathname="/">{page}</AppShell>, {
    auth: signedInAs({ ...alice, profilePictureUrl: null }),
  })
  const profile = screen.getByRole('link', { name: 'Profile' })
  expect(within(profile).queryByRole('img')).toBeNull()
  expect(container.querySelector('[data-icon="person"]')).not.toBeNull()
})

test('behavior: the host safe-area insets become padding', () => {
  const { container } = renderApp(<AppShell pathname="/">{page}</AppShell>, {
    auth: signedInAs(),
    toolkit: toolkit({ insets: { top: 59, right: 1, bottom: 34, left: 2 } }),
  })
  const app = container.querySelector('.app') as HTMLElement
  expect(app.style.paddingTop).toBe('59px')
  expect(app.style.paddingRight).toBe('1px')
  expect(app.style.paddingBottom).toBe('34px')
  expect(app.style.paddingLeft).toBe('2px')
})

test('behavior: the shimmering skeleton is in place for page transitions', () => {
  renderApp(<AppShell pathname="/">{page}</AppShell>, { auth: signedInAs() })
  const skeleton = screen.getByTestId('page-skeleton')
  expect(skeleton.className).toContain('page-skeleton')
  expect(skeleton.getAttribute('aria-busy')).toBe('true')
})

test('behavior: public pages (404/500) render without signing in', () => {
  renderApp(
    <AppShell pathname="/nope" isPublic>
      {page}
    </AppShell>,
  )
  expect(screen.getByText('page content')).toBeTruthy()
  expect(screen.queryByRole('banner')).toBeNull()
})
