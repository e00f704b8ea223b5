// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { fakeConnectivity } from '../../../test/fakeConnectivity.js'
import { renderApp, signedInAs } from '../../../test/renderApp.js'
import { ConnectivityContext } from '../../lib/connectivity/ConnectivityContext.js'
import type { Connectivity, ConnectivityStore } from '../../lib/connectivity/createConnectivityStore.js'
import { AppShell } from './AppShell.js'
import { OfflineBanner } from './OfflineBanner.js'

test('default: nothing while online; the device going offline shows the banner at once, and back online hides it', () => {
  const net = fakeConnectivity()
  render(net.wrap(<OfflineBanner />))
  expect(screen.queryByRole('status')).toBeNull()
  net.setOnline(false)
  const banner = screen.getByRole('status')
  expect(banner.textContent).toBe("You're offline. The game picks up again once you're back online.")
  expect(banner.dataset.reason).toBe('device')
  net.setOnline(true)
  expect(screen.queryByRole('status')).toBeNull()
})

test('behavior: the database down (past its grace) says the game cannot be reached', () => {
  const down: Connectivity = { status: 'offline', reason: 'server' }
  const store: ConnectivityStore = { subscribe: () => () => {}, getSnapshot: () => down, getServerSnapshot: () => down }
  render(
    <ConnectivityContext.Provider value={store}>
      <OfflineBanner />
    </ConnectivityContext.Provider>,
  )
  expect(screen.getByRole('status').textContent).toBe("Can't reach the game right now. Reconnecting…")
})

test('behavior: one banner in the signed-in shell, on every screen, under the top bar', () => {
  const net = fakeConnectivity(false)
  for (const pathname of ['/', '/map', '/profile', '/inventory']) {
    const view = renderApp(net.wrap(<AppShell pathname={pathname}>page</AppShell>), { auth: signedInAs() })
    expect(screen.getAllByText("You're offline. The game picks up again once you're back online.")).toHaveLength(1)
    view.unmount()
  }
})
