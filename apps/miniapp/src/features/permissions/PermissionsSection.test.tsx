// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import {
  CommandUnavailableError,
  type GetPermissionsResult,
  install,
  type RequestPermissionInput,
  type RequestPermissionResult,
} from '@worldmap/minikit'
import { createSimulator } from '@worldmap/simulator'
import { expect, test, vi } from 'vitest'
import { PermissionsSection } from './PermissionsSection.js'

const granted = (notifications: boolean, contacts: boolean): GetPermissionsResult => ({
  status: 'success',
  permissions: { notifications, contacts, microphone: false },
  version: 1,
})

function renderSection(read: GetPermissionsResult | Error, answer?: RequestPermissionResult) {
  const getPermissions = vi.fn(async () => (read instanceof Error ? Promise.reject(read) : read))
  const requestPermission = vi.fn(
    async ({ permission }: RequestPermissionInput): Promise<RequestPermissionResult> =>
      answer ?? { status: 'success', permission, version: 1 },
  )
  render(<PermissionsSection getPermissions={getPermissions} requestPermission={requestPermission} />)
  const section = () => screen.getByRole('region', { name: 'Permissions' })
  const row = (label: string) => (within(section()).getByText(label).closest('li') as HTMLElement | null) ?? section()
  return { getPermissions, requestPermission, section, row }
}

test('default: each permission with its state; Allow only for the ones not granted', async () => {
  const { section, row } = renderSection(granted(true, false))
  expect(section().textContent).toContain('Checking permissions…')
  await waitFor(() => expect(within(section()).getAllByRole('listitem')).toHaveLength(2))
  expect(within(row('Notifications')).getByText('Allowed')).toBeTruthy()
  expect(within(row('Notifications')).queryByRole('button')).toBeNull()
  expect(within(row('Contacts')).getByText('Not allowed')).toBeTruthy()
  expect(within(row('Contacts')).getByRole('button', { name: 'Allow contacts' })).toBeTruthy()
})

test('behavior: Allow asks World App and shows the permission granted; already_granted counts too', async () => {
  const { requestPermission, section, row } = renderSection(granted(false, false))
  fireEvent.click(await within(section()).findByRole('button', { name: 'Allow notifications' }))
  await waitFor(() => expect(within(row('Notifications')).getByText('Allowed')).toBeTruthy())
  expect(requestPermission).toHaveBeenCalledWith({ permission: 'notifications' })

  requestPermission.mockResolvedValueOnce({ status: 'error', error_code: 'already_granted', version: 1 })
  fireEvent.click(within(section()).getByRole('button', { name: 'Allow contacts' }))
  await waitFor(() => expect(within(row('Contacts')).getByText('Allowed')).toBeTruthy())
  expect(within(section()).queryByRole('alert')).toBeNull()
})

test('error: a refused request shows its error code next to the permission', async () => {
  const { section, row } = renderSection(granted(false, false), {
    status: 'error',
    error_code: 'user_rejected',
    version: 1,
  })
  fireEvent.click(await within(section()).findByRole('button', { name: 'Allow contacts' }))
  expect((await within(row('Contacts')).findByRole('alert')).textContent).toBe(
    'Contacts not allowed. You declined. (user_rejected)',
  )
  expect(within(row('Notifications')).queryByRole('alert')).toBeNull()
})

test('error: other refusals and thrown commands are explained', async () => {
  const { requestPermission, section, row } = renderSection(granted(false, true), {
    status: 'error',
    error_code: 'permission_disabled',
    version: 1,
  })
  fireEvent.click(await within(section()).findByRole('button', { name: 'Allow notifications' }))
  expect((await within(row('Notifications')).findByRole('alert')).textContent).toBe(
    'Notifications not allowed. World App refused. (permission_disabled)',
  )
  requestPermission.mockRejectedValueOnce('host gone')
  fireEvent.click(within(section()).getByRole('button', { name: 'Allow notifications' }))
  expect((await within(row('Notifications')).findByRole('alert')).textContent).toBe(
    'Notifications could not be requested: host gone',
  )
})

test('error: an error reply to getPermissions shows its code', async () => {
  const { section } = renderSection({ status: 'error', error_code: 'generic_error', version: 1 })
  expect((await within(section()).findByRole('alert')).textContent).toBe('Permissions could not be read (generic_error).')
})

test('error: outside World App the section says the command is unavailable', async () => {
  const second = renderSection(new CommandUnavailableError('getPermissions'))
  expect((await within(second.section()).findByRole('alert')).textContent).toBe(
    "Permissions could not be read: 'getPermissions' command is unavailable. Check MiniKit.install() or update the app version",
  )
})

test('behavior: against the World App simulator, the real commands read and grant permissions', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const simulator = createSimulator({ window, appId: 'app_staging_worldmap', permissions: { notifications: true } })
  try {
    expect(install({ appId: 'app_staging_worldmap' })).toMatchObject({ success: true })
    render(<PermissionsSection />)
    const section = screen.getByRole('region', { name: 'Permissions' })
    fireEvent.click(await within(section).findByRole('button', { name: 'Allow contacts' }))
    await waitFor(() => expect(within(section).queryByRole('button')).toBeNull())
    expect(within(section).getAllByText('Allowed')).toHaveLength(2)
    expect(simulator.permissions.contacts).toBe(true)
    const commands = simulator.received.map((message) => message.command)
    expect(commands).toContain('get-permissions')
    expect(commands.filter((command) => command === 'request-permission')).toHaveLength(1)
    expect(simulator.received.at(-1)?.payload).toEqual({ permission: 'contacts' })
  } finally {
    await simulator.settled()
    simulator.uninstall()
  }
})
