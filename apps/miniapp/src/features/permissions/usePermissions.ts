import {
  CommandUnavailableError,
  type GetPermissionsResult,
  type RequestPermissionInput,
  type RequestPermissionResult,
} from '@worldmap/minikit'
import { useEffect, useState } from 'react'
import type { MessageKey } from '../../lib/i18n/index.js'

/** A permission WorldMap may ask World App for. */
export type AskedPermission = 'notifications' | 'contacts'

type Granted = Partial<Record<AskedPermission, boolean>>

/** What World App said is on: still asking, known, or not known (it did not answer). */
export type ReadState = { status: 'loading' } | { status: 'ready'; granted: Granted } | { status: 'unknown' }

/** A Turn on in progress, or why the last one failed. */
export type RequestState =
  | { status: 'idle' }
  | { status: 'busy'; permission: AskedPermission }
  | { status: 'failed'; permission: AskedPermission; message: MessageKey }

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
  /** Ask World App to turn `permission` on (it prompts); a refusal becomes the catalogue key of its plain words. */
  ask: (permission: AskedPermission) => Promise<void>
}

/** Why World App said no, as the key of its plain words (the host's error codes stay out of sight). */
function refusalMessage(errorCode: string): MessageKey {
  switch (errorCode) {
    case 'user_rejected':
      return 'permissions.refused.userRejected'
    case 'already_requested':
      return 'permissions.refused.alreadyRequested'
    case 'permission_disabled':
      return 'permissions.refused.disabled'
    case 'unsupported_permission':
      return 'permissions.refused.unsupported'
    default:
      return 'permissions.refused.other'
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
 * becomes the catalogue key of a plain-words message.
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

  const ask = async (permission: AskedPermission) => {
    setRequest({ status: 'busy', permission })
    try {
      const result = await requestPermission({ permission })
      if (result.status === 'success' || result.error_code === 'already_granted') {
        grant(permission)
        setRequest({ status: 'idle' })
      } else {
        setRequest({ status: 'failed', permission, message: refusalMessage(result.error_code) })
      }
    } catch (error) {
      const message: MessageKey =
        error instanceof CommandUnavailableError ? 'permissions.refused.oldApp' : 'permissions.refused.noAnswer'
      setRequest({ status: 'failed', permission, message })
    }
  }
  return { read, request, ask }
}
