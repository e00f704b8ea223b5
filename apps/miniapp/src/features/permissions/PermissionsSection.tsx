import {
  CommandUnavailableError,
  type GetPermissionsResult,
  getPermissions as getPermissionsCommand,
  type RequestPermissionInput,
  type RequestPermissionResult,
  requestPermission as requestPermissionCommand,
} from '@worldmap/minikit'
import { useEffect, useId, useState } from 'react'
import './permissions.css'

/** A host permission WorldMap asks for, and what the player gets from it. */
export interface PermissionPurpose {
  permission: 'notifications' | 'contacts'
  /** What the player sees it as, e.g. "Rare-drop alerts". */
  name: string
  /** The sentence saying why it is asked for. */
  why: string
  /** The permission in a sentence ("notifications"); plural, lower case. */
  noun: string
}

/**
 * What WorldMap asks World App for (issue 12: only where it serves something
 * the player can see, with a sentence saying why). Contacts are not here:
 * nothing in WorldMap uses them, so asking would only be friction.
 */
export const PERMISSION_PURPOSES: readonly PermissionPurpose[] = [
  {
    permission: 'notifications',
    name: 'Rare-drop alerts',
    why: 'Get a nudge when a rare drop appears near you.',
    noun: 'notifications',
  },
]

/** Props of {@link PermissionsSection}; everything defaults to the app's own purposes and the `@worldmap/minikit` commands. */
export interface PermissionsSectionProps {
  purposes?: readonly PermissionPurpose[]
  getPermissions?: () => Promise<GetPermissionsResult>
  requestPermission?: (input: RequestPermissionInput) => Promise<RequestPermissionResult>
}

type Granted = Partial<Record<PermissionPurpose['permission'], boolean>>
type ReadState = { status: 'loading' } | { status: 'ready'; granted: Granted } | { status: 'unknown' }
type RequestState =
  | { status: 'idle' }
  | { status: 'busy'; permission: PermissionPurpose['permission'] }
  | { status: 'failed'; permission: PermissionPurpose['permission']; message: string }

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

/**
 * The profile's permissions: for each thing WorldMap asks for, what the
 * player gets, whether World App allows it (read with `getPermissions`,
 * which never prompts), and a Turn on button that asks World App
 * (`requestPermission`) — only when the player presses it, never on load.
 * Refusals are explained in plain words; `already_granted` counts as on.
 *
 * @example
 * ```tsx
 * <ProfileScreen sections={<PermissionsSection />} />
 * ```
 */
export function PermissionsSection({
  purposes = PERMISSION_PURPOSES,
  getPermissions = getPermissionsCommand,
  requestPermission = requestPermissionCommand,
}: PermissionsSectionProps) {
  const titleId = useId()
  const [read, setRead] = useState<ReadState>({ status: 'loading' })
  const [request, setRequest] = useState<RequestState>({ status: 'idle' })

  const asksAnything = purposes.length > 0
  useEffect(() => {
    if (!asksAnything) return
    let live = true
    const settle = (state: ReadState) => {
      if (live) setRead(state)
    }
    getPermissions().then(
      (result) =>
        settle(
          result.status === 'success'
            ? {
                status: 'ready',
                granted: {
                  notifications: result.permissions.notifications === true,
                  contacts: result.permissions.contacts === true,
                },
              }
            : { status: 'unknown' },
        ),
      () => settle({ status: 'unknown' }),
    )
    return () => {
      live = false
    }
  }, [getPermissions, asksAnything])

  const grant = (permission: PermissionPurpose['permission']) =>
    setRead((previous) => ({
      status: 'ready',
      granted: { ...(previous.status === 'ready' ? previous.granted : {}), [permission]: true },
    }))

  const ask = async ({ permission, noun }: PermissionPurpose) => {
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

  if (!asksAnything) return null
  return (
    <section className="profile-section" aria-labelledby={titleId}>
      <h2 id={titleId}>Notifications</h2>
      {read.status === 'loading' ? <p>Checking with World App…</p> : null}
      {read.status === 'unknown' ? (
        <p className="permission-note">We couldn't check with World App whether these are on.</p>
      ) : null}
      {read.status === 'loading' ? null : (
        <ul className="permission-list">
          {purposes.map((purpose) => {
            const { permission, name, why } = purpose
            const busy = request.status === 'busy' && request.permission === permission
            const on = read.status === 'ready' && read.granted[permission] === true
            return (
              <li key={permission} className="permission-item">
                <span className="permission-name">{name}</span>
                {read.status === 'ready' ? <span className="permission-state">{on ? 'On' : 'Off'}</span> : null}
                <p className="permission-why">{why}</p>
                {on ? null : (
                  <button
                    type="button"
                    className="button button-secondary permission-button"
                    disabled={request.status === 'busy'}
                    aria-busy={busy}
                    aria-label={`Turn on ${name.toLowerCase()}`}
                    onClick={() => void ask(purpose)}
                  >
                    Turn on
                  </button>
                )}
                {request.status === 'failed' && request.permission === permission ? (
                  <p className="permission-error" role="alert">
                    {request.message}
                  </p>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
