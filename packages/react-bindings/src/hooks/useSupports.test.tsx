import { render, renderHook, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createFakeHost, type FakeHost } from '../../test/fakeHost.js'
import { type Fresh, loadFresh } from '../../test/loadFresh.js'

let lib: Fresh['lib']
let host: FakeHost | undefined

beforeEach(async () => {
  ;({ lib } = await loadFresh())
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

afterEach(() => {
  host?.uninstall()
  host = undefined
})

const wrapper = ({ children }: { children: ReactNode }) => <lib.MiniKitProvider>{children}</lib.MiniKitProvider>

test('default: true for commands the host lists, false for the others', async () => {
  host = createFakeHost({ commands: ['wallet-auth', 'get-permissions', 'pay'] })
  const { result } = renderHook(() => ({ pay: lib.useSupports('pay'), share: lib.useSupports('share'), kit: lib.useMiniKit() }), {
    wrapper,
  })
  await waitFor(() => expect(result.current.kit.isInstalled).toBe(true))
  expect(result.current.pay).toBe(true)
  expect(result.current.share).toBe(false)
})

test('behavior: false for everything outside World App', () => {
  const { result } = renderHook(() => lib.useSupports('wallet-auth'), { wrapper })
  expect(result.current).toBe(false)
})

test('default: <Supports> renders children when supported, the fallback otherwise', async () => {
  host = createFakeHost({ commands: ['get-permissions', 'share'] })
  render(
    <lib.MiniKitProvider>
      <lib.Supports command="share" fallback={<span>no share</span>}>
        <button type="button">Share</button>
      </lib.Supports>
      <lib.Supports command="pay" fallback={<span>update World App to pay</span>}>
        <button type="button">Pay</button>
      </lib.Supports>
      <lib.Supports command="verify">
        <button type="button">Verify</button>
      </lib.Supports>
    </lib.MiniKitProvider>,
  )
  await screen.findByRole('button', { name: 'Share' })
  expect(screen.getByText('update World App to pay')).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull()
  expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull()
})

test('behavior: <Supports> shows the fallback outside World App', () => {
  render(
    <lib.MiniKitProvider>
      <lib.Supports command="share" fallback={<span>open in World App</span>}>
        <span>share</span>
      </lib.Supports>
    </lib.MiniKitProvider>,
  )
  expect(screen.getByText('open in World App')).toBeTruthy()
  expect(screen.queryByText('share')).toBeNull()
})
