// The World App provider's shell, loaded with the root entry: its per-window
// state, its listeners and its type. The request side (provider.ts) and the
// commands it calls load on the first request.
import type { Address, EIP1193Events, EIP1193RequestFn, EIP1474Methods } from 'viem'
import { checksumAddress } from '../../utils/checksumAddress.js'

/**
 * The World App EIP-1193 provider, typed over viem's EIP-1193 types: viem's
 * typed `request` (so `custom(provider)` and wagmi accept it) plus the
 * official's untyped form (`{ method: string, params?: unknown }`), so a
 * call site written against official 2.x compiles unchanged.
 */
export type WorldAppProvider = EIP1193Events & {
  request: EIP1193RequestFn<EIP1474Methods> & ((args: { method: string; params?: unknown }) => Promise<unknown>)
}

/** Listeners by event name, shared by the shell (`on`) and the request side (which emits). */
export type ProviderListeners = Map<string, Set<(...args: never[]) => void>>

/** `on` and `removeListener` over `listeners`. */
export function providerEvents(listeners: ProviderListeners): EIP1193Events {
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener as (...args: never[]) => void)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as (...args: never[]) => void)
    },
  }
}

// ---------------------------------------------------------------------------
// Per-window state, under the official's keys: every bundle on the page
// (ours, the official one, a second copy of either) shares one provider,
// one signed-in address and so one sign-in sheet.

interface ProviderWindow {
  __worldapp_eip1193_provider__?: WorldAppProvider
  __worldapp_eip1193_address__?: Address
}

const providerWindow = (): ProviderWindow | undefined =>
  typeof window === 'undefined' ? undefined : (window as unknown as ProviderWindow)

/** The signed-in address (checksummed), if any. */
export function getProviderAddress(): Address | undefined {
  return providerWindow()?.__worldapp_eip1193_address__
}

/** Remember the signed-in address, checksummed when it is a 20-byte address (else as given, as the official does). */
export function setProviderAddress(address: string): void {
  const target = providerWindow()
  if (target) target.__worldapp_eip1193_address__ = checksumAddress(address) ?? (address as Address)
}

/** Forget the signed-in address (the wagmi connector's `disconnect`). */
export function clearProviderAddress(): void {
  const target = providerWindow()
  if (target) target.__worldapp_eip1193_address__ = undefined
}

/** The provider shared by the page, created by `create` on first use; a fresh one per call during server rendering. */
export function sharedProvider(create: () => WorldAppProvider): WorldAppProvider {
  const target = providerWindow()
  if (!target) return create()
  target.__worldapp_eip1193_provider__ ??= create()
  return target.__worldapp_eip1193_provider__
}
