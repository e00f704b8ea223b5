// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { SyncNotificationsRequest } from '@worldmap/game/contract'
import {
  CommandTimeoutError,
  CommandUnavailableError,
  type GetPermissionsResult,
  install,
  type RequestPermissionInput,
  type RequestPermissionResult,
} from '@worldmap/minikit'
import { createSimulator } from '@worldmap/simulator'
import { expect, test, vi } from 'vitest'
import { PERMISSION_PURPOSES, type PermissionPurpose, PermissionsSection } from './PermissionsSection.js'

const granted = (notifications: boolean, contacts = false): GetPermissionsResult => ({
  status: 'success',
  permissions: { notifications, contacts, microphone: false },
  version: 1,
})

/** The server's side: what `syncNotifications` answers (the switch as it was saved). */
const serverSync = (optedOut = false) =>
  vi.fn(async (request: SyncNotificationsRequest) => ({
    enrolled: request.granted && !(request.optedOut ?? optedOut),
    optedOut: request.optedOut ?? optedOut,
  }))

function renderSection(
  read: GetPermissionsResult | Error,
  answer?: RequestPermissionResult,
  purposes: readonly PermissionPurpose[] = PERMISSION_PURPOSES,
  sync = serverSync(),
) {
  const getPermissions = vi.fn(async () => (read instanceof Error ? Promise.reject(read) : read))
  const requestPermission = vi.fn(
    async ({ permission }: RequestPermissionInput): Promise<RequestPermissionResult> =>
      answer ?? { status: 'success', permission, version: 1 },
  )
  const { container } = render(
    <PermissionsSection purposes={purposes} getPermissions={getPermissions} requestPermission={requestPermission} sync={sync} />,
  )
  const section = () => screen.getByRole('region', { name: 'Notifications' })
  const row = (name: string) => within(section()).getByText(name).closest('li') as HTMLElement
  return { getPermissions, requestPermission, sync, section, row, container }
}

test('default: streak reminders, the sentence saying why, Off and a Turn on button', async () => {
  const { section, row, requestPermission } = renderSection(granted(false))
  expect(section().textContent).toContain('Checking with World App…')
  await waitFor(() => expect(within(section()).getAllByRole('listitem')).toHaveLength(1))
  const alerts = row('Streak reminders')
  expect(alerts.textContent).toContain(
    'One nudge in the evening when your streak is about to end. At most one a day, never at night.',
  )
  expect(within(alerts).getByText('Off')).toBeTruthy()
  const button = within(alerts).getByRole('button', { name: 'Turn on streak reminders' })
  expect(button.textContent).toBe('Turn on')
  expect(button.className).toContain('permission-button')
  // Nothing is asked of the player until they press it.
  expect(requestPermission).not.toHaveBeenCalled()
})

test('default: contacts are not asked for (nothing in WorldMap uses them)', async () => {
  const { section, getPermissions } = renderSection(granted(false, false))
  await waitFor(() => expect(getPermissions).toHaveBeenCalled())
  expect(section().textContent).not.toMatch(/contacts/i)
  expect(PERMISSION_PURPOSES.map((purpose) => purpose.permission)).toEqual(['notifications'])
})

test('behavior: already on → On, no button', async () => {
  const { row } = renderSection(granted(true))
  await waitFor(() => expect(within(row('Streak reminders')).getByText('On')).toBeTruthy())
  expect(within(row('Streak reminders')).queryByRole('button')).toBeNull()
})

test('behavior: prompts only on the player’s press: Turn on asks World App once, shows On and the switch, and tells the server', async () => {
  const { requestPermission, row, sync } = renderSection(granted(false))
  await waitFor(() => expect(within(row('Streak reminders')).getByText('Off')).toBeTruthy())
  expect(requestPermission).not.toHaveBeenCalled()
  await waitFor(() => expect(sync).toHaveBeenCalledWith({ granted: false, timeZone: expect.any(String) }))

  fireEvent.click(within(row('Streak reminders')).getByRole('button', { name: 'Turn on streak reminders' }))
  await waitFor(() => expect(within(row('Streak reminders')).getByText('On')).toBeTruthy())
  expect(requestPermission).toHaveBeenCalledTimes(1)
  expect(requestPermission).toHaveBeenCalledWith({ permission: 'notifications' })
  await waitFor(() => expect(sync).toHaveBeenLastCalledWith({ granted: true, timeZone: expect.any(String) }))
  expect(within(row('Streak reminders')).getByRole('switch', { name: 'Send me streak reminders' })).toBeTruthy()
})

test('behavior: already_granted counts as on', async () => {
  const { requestPermission, row } = renderSection(granted(false))
  requestPermission.mockResolvedValueOnce({ status: 'error', error_code: 'already_granted', version: 1 })
  fireEvent.click(await waitFor(() => within(row('Streak reminders')).getByRole('button', { name: /Turn on/ })))
  await waitFor(() => expect(within(row('Streak reminders')).getByText('On')).toBeTruthy())
  expect(screen.queryByRole('alert')).toBeNull()
})

test('behavior: the switch opts out and back in, saved on the server; On/Off follows it', async () => {
  const { row, sync } = renderSection(granted(true))
  const toggle = await waitFor(() => within(row('Streak reminders')).getByRole('switch') as HTMLInputElement)
  await waitFor(() => expect(toggle.disabled).toBe(false))
  expect(toggle.checked).toBe(true)
  fireEvent.click(toggle)
  await waitFor(() => expect(sync).toHaveBeenLastCalledWith({ granted: true, optedOut: true, timeZone: expect.any(String) }))
  await waitFor(() => expect(within(row('Streak reminders')).getByText('Off')).toBeTruthy())
  expect(toggle.checked).toBe(false)
  fireEvent.click(toggle)
  await waitFor(() => expect(within(row('Streak reminders')).getByText('On')).toBeTruthy())
  expect(sync).toHaveBeenLastCalledWith({ granted: true, optedOut: false, timeZone: expect.any(String) })
})

test('behavior: a player who opted out before sees the switch off', async () => {
  const { row } = renderSection(granted(true), undefined, PERMISSION_PURPOSES, serverSync(true))
  await waitFor(() => expect((within(row('Streak reminders')).getByRole('switch') as HTMLInputElement).checked).toBe(false))
  expect(within(row('Streak reminders')).getByText('Off')).toBeTruthy()
})

test('error: a switch that cannot be saved says so and goes back', async () => {
  const sync = serverSync()
  const { row } = renderSection(granted(true), undefined, PERMISSION_PURPOSES, sync)
  const toggle = await waitFor(() => within(row('Streak reminders')).getByRole('switch') as HTMLInputElement)
  await waitFor(() => expect(toggle.disabled).toBe(false))
  sync.mockRejectedValueOnce(new Error('offline'))
  fireEvent.click(toggle)
  expect((await within(row('Streak reminders')).findByRole('alert')).textContent).toBe(
    "Your choice couldn't be saved. Check your connection and try again.",
  )
  expect(toggle.checked).toBe(true)
})

test.each([
  ['user_rejected', 'You chose not to allow notifications.'],
  ['already_requested', "You declined notifications before. You can turn them on for WorldMap in World App's settings."],
  ['permission_disabled', "Notifications are off in World App. Turn them on in World App's settings, then try again."],
  ['unsupported_permission', "World App doesn't offer notifications for WorldMap yet."],
  ['generic_error', "World App couldn't turn on notifications. Try again later."],
  ['a_code_from_a_future_host', "World App couldn't turn on notifications. Try again later."],
])('error: a refusal with %s is explained in plain words, without the code', async (code, message) => {
  const { row, container } = renderSection(granted(false), { status: 'error', error_code: code, version: 1 })
  fireEvent.click(await within(await waitFor(() => row('Streak reminders'))).findByRole('button', { name: /Turn on/ }))
  expect((await within(row('Streak reminders')).findByRole('alert')).textContent).toBe(message)
  expect(container.textContent).not.toContain(code)
  // Still off, and the player can try again.
  expect(within(row('Streak reminders')).getByRole('button', { name: 'Turn on streak reminders' })).toBeTruthy()
})

test.each([
  [
    'an unavailable command',
    new CommandUnavailableError('requestPermission'),
    "This version of World App can't turn on notifications. Updating World App may help.",
  ],
  ['a timeout', new CommandTimeoutError('requestPermission', 1000), "World App didn't answer. Try again."],
])('error: %s is explained without the SDK message', async (_, thrown, message) => {
  const { requestPermission, row, container } = renderSection(granted(false))
  requestPermission.mockRejectedValueOnce(thrown)
  fireEvent.click(await waitFor(() => within(row('Streak reminders')).getByRole('button', { name: /Turn on/ })))
  expect((await within(row('Streak reminders')).findByRole('alert')).textContent).toBe(message)
  expect(container.textContent).not.toMatch(/MiniKit|command is unavailable|requestPermission/)
})

test.each([
  ['an error reply', { status: 'error', error_code: 'generic_error', version: 1 } as GetPermissionsResult],
  ['outside World App', new CommandUnavailableError('getPermissions')],
])('error: when World App cannot say (%s), the section says so plainly and still offers Turn on', async (_, read) => {
  const { section, row, container } = renderSection(read)
  await waitFor(() => expect(section().textContent).toContain("We couldn't check with World App whether these are on."))
  expect(within(row('Streak reminders')).getByRole('button', { name: 'Turn on streak reminders' })).toBeTruthy()
  expect(container.textContent).not.toMatch(/generic_error|getPermissions|MiniKit/)
})

test('behavior: no purposes, no section and nothing asked of World App', () => {
  const getPermissions = vi.fn(async () => granted(false))
  const sync = serverSync()
  const { container } = render(
    <PermissionsSection purposes={[]} getPermissions={getPermissions} requestPermission={vi.fn()} sync={sync} />,
  )
  expect(container.innerHTML).toBe('')
  expect(getPermissions).not.toHaveBeenCalled()
  expect(sync).not.toHaveBeenCalled()
})

test('behavior: against the World App simulator, the page reads permissions on load and requests only on the press', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const simulator = createSimulator({ window, appId: 'app_staging_worldmap', permissions: { notifications: false } })
  try {
    expect(install({ appId: 'app_staging_worldmap' })).toMatchObject({ success: true })
    render(<PermissionsSection sync={serverSync()} />)
    const section = screen.getByRole('region', { name: 'Notifications' })
    const button = await within(section).findByRole('button', { name: 'Turn on streak reminders' })
    await simulator.settled()
    expect(simulator.received.map((message) => message.command)).not.toContain('request-permission')

    fireEvent.click(button)
    await waitFor(() => expect(within(section).queryByRole('button')).toBeNull())
    await waitFor(() => expect(within(section).getByText('On')).toBeTruthy())
    expect(simulator.permissions.notifications).toBe(true)
    const requests = simulator.received.filter((message) => message.command === 'request-permission')
    expect(requests.map((message) => message.payload)).toEqual([{ permission: 'notifications' }])
  } finally {
    await simulator.settled()
    simulator.uninstall()
  }
})
