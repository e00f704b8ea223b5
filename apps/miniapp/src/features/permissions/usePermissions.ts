import {
  CommandUnavailableError,
  type GetPermissionsResult,
  type RequestPermissionInput,
  type RequestPermissionResult,
} from '@worldmap/minikit'
import { useEffect, useState } from 'react'

/** A permission WorldMap may ask World App for. */
export type AskedPermission = 'notifications' | 'contacts'

type Granted = Partial<Record<AskedPermission, boolean>>

/** What World App said is on: still asking, known, or not known (it did not answer). */
export type ReadState = { status: 'loading' } | { status: 'ready'; granted: Granted } | { status: 'unknown' }

/** A Turn on in progress, or why the last one failed. */
export type RequestState =
  | { status: 'idle' }
  | { status: 'busy'; permission: AskedPermission }
  | { status: 'failed'; permission: AskedPermission; message: string }

/** Options of {@link usePermissions}. */
export interface UsePermissionsOptions {
  /** Nothing to ask for: World App is not even read. */
  enabled: boolean
  getPermissions: () => Promise<GetPermissionsResult>
  requestPermission: (input: RequestPermissionInput) => Promise<RequestPermissionResult>
}

/** What {@link usePermissions} gives the section. */
export interface Permissions {
  read: ReadState
  request: RequestState
  /** Ask World App to turn `permission` on (it prompts); refusals are said in plain words, with `noun` in them. */
  ask: (permission: AskedPermission, noun: string) => Promise<void>
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Why World App said no, in plain words (the host's error codes stay out of sight). */
function refusalMessage(errorCode: string, noun: string): string {
  switch (errorCode) {
    case 'user_rejected':
      return `You chose not to allow ${noun}.`
    case 'already_requested':
      return `You declined ${noun} before. You can turn them on for WorldMap in World App's settings.`
    case 'permission_disabled':
      return `${capitalize(noun)} are off in World App. Turn them on in World App's settings, then try again.`
    case 'unsupported_permission':
      return `World App doesn't offer ${noun} for WorldMap yet.`
    default:
      return `World App couldn't turn on ${noun}. Try again later.`
  }
}

/** What `getPermissions` answered, as the section's read state. */
function toReadState(result: GetPermissionsResult): ReadState {
  if (result.status !== 'success') return { status: 'unknown' }
  return {
    status: 'ready',
    granted: { notifications: result.permissions.notifications === true, contacts: result.permissions.contacts === true },
  }
}

/**
 * The host permissions as the profile shows them: read once on mount with
 * `getPermissions` (which never prompts), and `ask`, which calls
 * `requestPermission` (which does) — only when the player presses Turn on.
 * `already_granted` counts as on; a refusal, an old World App or no answer
 * becomes a plain-words message.
 *
 * @example
 * ```tsx
 * const { read, request, ask } = usePermissions({ enabled: true, getPermissions, requestPermission })
 * ```
 */
export function usePermissions({ enabled, getPermissions, requestPermission }: UsePermissionsOptions): Permissions {
  const [read, setRead] = useState<ReadState>({ status: 'loading' })
  const [request, setRequest] = useState<RequestState>({ status: 'idle' })
  useEffect(() => {
    if (!enabled) return
    let live = true
    const settle = (state: ReadState) => {
      if (live) setRead(state)
    }
    getPermissions().then(
      (result) => settle(toReadState(result)),
      () => settle({ status: 'unknown' }),
    )
    return () => {
      live = false
    }
  }, [getPermissions, enabled])

  const grant = (permission: AskedPermission) =>
    setRead((previous) => ({
      status: 'ready',
      granted: { ...(previous.status === 'ready' ? previous.granted : {}), [permission]: true },
    }))

  const ask = async (permission: AskedPermission, noun: string) => {
    setRequest({ status: 'busy', permission })
    try {
      const result = await requestPermission({ permission })
      if (result.status === 'success' || result.error_code === 'already_granted') {
        grant(permission)
        setRequest({ status: 'idle' })
      } else {
        setRequest({ status: 'failed', permission, message: refusalMessage(result.error_code, noun) })
      }
    } catch (error) {
      const message =
        error instanceof CommandUnavailableError
          ? `This version of World App can't turn on ${noun}. Updating World App may help.`
          : "World App didn't answer. Try again."
      setRequest({ status: 'failed', permission, message })
    }
  }
  return { read, request, ask }
}
