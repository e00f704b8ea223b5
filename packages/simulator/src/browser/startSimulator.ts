import type { simulateGeolocation } from '../geolocation/simulateGeolocation.js'
import { createSimulator, type Simulator, type SimulatorOptions } from '../host/createSimulator.js'
import { WIRE_EVENTS } from '../host/wireEvents.js'
import { createNotificationCenter, type NotificationCenter } from '../notifications/createNotificationCenter.js'
import { createConsentDrawer } from '../ui/createConsentDrawer.js'
import { createDevPanel, type DevPanel } from '../ui/createDevPanel.js'
import { type IdentityState, identityOptions, loadIdentities, savePermissions } from '../ui/identityStore.js'
import { browserGeolocation } from './browserGeolocation.js'
import type { BrowserSimulatorConfig } from './browserSimulatorConfig.js'

export type { BrowserSimulatorConfig }

/** What the script entry exposes as `window.worldmapSimulator`. */
export interface BrowserSimulator extends Simulator {
  geolocation: ReturnType<typeof simulateGeolocation> | undefined
  /** The developer panel, when shown (see {@link BrowserSimulatorConfig.panel}). */
  panel?: DevPanel
  /** Notifications sent to this wallet: `notifications.deliver(…)` shows one as World App's banner. */
  notifications: NotificationCenter
}

/** What `bootSimulator` already put in the page before the full simulator loaded. */
export interface BootedHost {
  surface: NonNullable<SimulatorOptions['surface']>
  geolocation: ReturnType<typeof simulateGeolocation> | undefined
}

/** Ask the local stack to make this wallet's player due and run the streak nudge; what it says, for the panel. */
async function askForStreakReminder(url: string, wallet: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ wallet }),
  })
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null
  return typeof body?.message === 'string' ? body.message : `The local stack answered HTTP ${response.status}.`
}

/**
 * Keep what the person grants (request-permission, a revoked microphone) on
 * their identity, so a reload starts with it as World App would: checked after
 * every reply, saved when it changed.
 */
function rememberPermissions(win: Window, simulator: Simulator, identities: IdentityState, id: string): () => void {
  const check = () => {
    const identity = identities.identities.find((candidate) => candidate.id === id)
    const now = simulator.permissions
    if (!identity) return
    const before = identity.permissions
    if (before.notifications === now.notifications && before.contacts === now.contacts && before.microphone === now.microphone)
      return
    const saved = savePermissions(win, identities, id, now)
    // The panel shows this state: keep it in step.
    identity.permissions = { ...(saved.identities.find((candidate) => candidate.id === id)?.permissions ?? now) }
  }
  win.addEventListener(WIRE_EVENTS.reply, check)
  return () => win.removeEventListener(WIRE_EVENTS.reply, check)
}

/**
 * Start the simulator in this page unless it already runs inside World App.
 *
 * @param booted  the host surface and geolocation `bootSimulator` installed, to take over
 * @returns the simulator, or `undefined` inside the real World App
 * @example
 * ```ts
 * startSimulator(window, { mode: 'scripted', os: 'android' })
 * ```
 */
export function startSimulator(
  win: Window,
  config: BrowserSimulatorConfig = {},
  booted?: BootedHost,
): BrowserSimulator | undefined {
  const page = win as unknown as { worldmapSimulator?: BrowserSimulator; WorldApp?: unknown }
  if (!booted) {
    if (page.worldmapSimulator) return page.worldmapSimulator
    // Inside the real app the host is already there: never shadow it.
    if (page.WorldApp) return undefined
  }
  const { mode = 'interactive', geolocation, panel = mode === 'interactive', notifications, ...options } = config
  // The panel's identities choose the wallet and World ID, unless the config names them.
  const chooseIdentity = panel && !options.privateKey && !options.identity
  const identities = chooseIdentity ? loadIdentities(win) : undefined
  const active = identities?.identities.find((identity) => identity.id === identities.active)
  const simulator = createSimulator({
    ...(active ? identityOptions(active) : {}),
    ...options,
    window: win,
    ...(booted ? { surface: booted.surface } : {}),
    ...(mode === 'interactive' ? { confirm: createConsentDrawer(win) } : {}),
  }) as BrowserSimulator
  simulator.notifications = createNotificationCenter(win, {
    appId: () => simulator.appId,
    granted: () => simulator.permissions.notifications,
  })
  const stopWatching = notifications
    ? simulator.notifications.watch(notifications.feedUrl, simulator.wallet.address, notifications.pollMs)
    : () => {}
  simulator.geolocation = booted
    ? booted.geolocation
    : browserGeolocation(win, { mode, ...(geolocation === undefined ? {} : { geolocation }) })
  const stopRemembering = identities && active ? rememberPermissions(win, simulator, identities, active.id) : () => {}
  const uninstallHost = simulator.uninstall
  simulator.uninstall = () => {
    stopWatching()
    stopRemembering()
    uninstallHost()
  }
  if (panel) {
    const mount = () => {
      simulator.panel = createDevPanel(win, {
        simulator,
        geolocation: simulator.geolocation,
        ...(identities ? { identities } : {}),
        ...(notifications?.streakReminderUrl
          ? { streakReminder: () => askForStreakReminder(notifications.streakReminderUrl as string, simulator.wallet.address) }
          : {}),
      })
    }
    // The global script can run in <head>, before there is a body to put the panel in.
    if (win.document.body) mount()
    else win.document.addEventListener('DOMContentLoaded', mount, { once: true })
    const uninstall = simulator.uninstall
    simulator.uninstall = () => {
      uninstall()
      simulator.panel?.destroy()
    }
  }
  page.worldmapSimulator = simulator
  return simulator
}
