import { type Hex, keccak256, stringToBytes } from 'viem'
import { z } from 'zod'
import type { SimulatorOptions } from '../host/createSimulator.js'

/** A person the developer can be in the simulator: their wallet, World ID and granted permissions. */
export interface StoredIdentity {
  id: string
  name: string
  /**
   * Seeds the wallet key and the World ID secret. `null` is the simulator's
   * default dev wallet and identity (the address every laptop and CI run shares).
   */
  seed: string | null
  permissions: { notifications: boolean; contacts: boolean; microphone: boolean }
}

/** The identities and which one is in use. */
export interface IdentityState {
  active: string
  identities: StoredIdentity[]
}

/** The localStorage key identities live under (per origin, like the app's own data). */
export const IDENTITY_STORAGE_KEY = 'worldmap-simulator:identities'

const identitySchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1).max(60),
  seed: z.string().nullable(),
  permissions: z.object({ notifications: z.boolean(), contacts: z.boolean(), microphone: z.boolean() }),
})
const stateSchema = z
  .object({ active: z.string(), identities: z.array(identitySchema).min(1) })
  .refine((state) => state.identities.some((identity) => identity.id === state.active), 'active identity missing')

const randomSeed = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')

/** A person opening the app for the first time: a fresh wallet, a fresh World ID, nothing granted. */
export function newUser(name = 'New user'): StoredIdentity {
  return {
    id: `user-${randomSeed().slice(0, 8)}`,
    name,
    seed: randomSeed(),
    permissions: { notifications: false, contacts: false, microphone: false },
  }
}

/** The two identities every developer starts with. */
export function defaultIdentities(): IdentityState {
  return {
    active: 'returning',
    identities: [
      {
        id: 'returning',
        name: 'Returning user',
        seed: null,
        permissions: { notifications: true, contacts: true, microphone: false },
      },
      { ...newUser(), id: 'new' },
    ],
  }
}

/**
 * The identities saved in this origin, or the defaults when there are none
 * or what is stored is not ours.
 *
 * @example
 * ```ts
 * const { active, identities } = loadIdentities(window)
 * ```
 */
export function loadIdentities(win: Window): IdentityState {
  try {
    const raw = win.localStorage?.getItem(IDENTITY_STORAGE_KEY)
    const parsed = raw ? stateSchema.safeParse(JSON.parse(raw)) : undefined
    if (parsed?.success) return parsed.data
  } catch {
    // Blocked storage or foreign JSON: fall through to the defaults.
  }
  return defaultIdentities()
}

/**
 * Remember what `id` has granted, for the next load: World App keeps a mini
 * app's permissions per person, so the simulator keeps them per identity.
 * Reads the stored identities first (another tab may have added one), or
 * `current` when none are stored yet; other identities are left as they are.
 *
 * @returns the identities as saved
 * @example
 * ```ts
 * savePermissions(window, state, 'new', { notifications: true, contacts: false, microphone: false })
 * ```
 */
export function savePermissions(
  win: Window,
  current: IdentityState,
  id: string,
  permissions: StoredIdentity['permissions'],
): IdentityState {
  let stored: IdentityState | undefined
  try {
    const raw = win.localStorage?.getItem(IDENTITY_STORAGE_KEY)
    const parsed = raw ? stateSchema.safeParse(JSON.parse(raw)) : undefined
    if (parsed?.success) stored = parsed.data
  } catch {
    // Blocked storage or foreign JSON: start from this page's identities.
  }
  const state = stored ?? current
  const identity = state.identities.find((candidate) => candidate.id === id)
  if (!identity) return state
  identity.permissions = {
    notifications: permissions.notifications,
    contacts: permissions.contacts,
    microphone: permissions.microphone,
  }
  saveIdentities(win, state)
  return state
}

/** Save identities for the next load (quietly skipped where storage is blocked). */
export function saveIdentities(win: Window, state: IdentityState): void {
  try {
    win.localStorage?.setItem(IDENTITY_STORAGE_KEY, JSON.stringify(stateSchema.parse(state)))
  } catch {
    // Storage blocked or full: the choice lasts for this page only.
  }
}

/**
 * The simulator options that make it this person: wallet key and World ID
 * derived from the seed (the same seed is the same person on every load).
 *
 * @example
 * ```ts
 * createSimulator({ ...identityOptions(active) })
 * ```
 */
export function identityOptions(identity: StoredIdentity): Pick<SimulatorOptions, 'privateKey' | 'identity' | 'permissions'> {
  const permissions = { ...identity.permissions }
  if (identity.seed === null) return { permissions }
  const privateKey: Hex = keccak256(stringToBytes(`worldmap simulator wallet:${identity.seed}`))
  return { privateKey, identity: { seed: identity.seed }, permissions }
}
