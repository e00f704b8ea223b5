import {
  type GetPermissionsResult,
  getPermissions as getPermissionsCommand,
  type RequestPermissionInput,
  type RequestPermissionResult,
  requestPermission as requestPermissionCommand,
} from '@worldmap/minikit'
import { useEffect, useId, useState } from 'react'

/** The permissions the profile shows (product design: notifications and contacts). */
const shown = [
  { permission: 'notifications', label: 'Notifications' },
  { permission: 'contacts', label: 'Contacts' },
] as const

type ShownPermission = (typeof shown)[number]['permission']

/** Props of {@link PermissionsSection}; both default to the `@worldmap/minikit` commands. */
export interface PermissionsSectionProps {
  getPermissions?: () => Promise<GetPermissionsResult>
  requestPermission?: (input: RequestPermissionInput) => Promise<RequestPermissionResult>
}

type ReadState =
  | { status: 'loading' }
  | { status: 'ready'; granted: Record<ShownPermission, boolean> }
  | { status: 'failed'; message: string }

type RequestState =
  | { status: 'idle' }
  | { status: 'busy'; permission: ShownPermission }
  | { status: 'failed'; permission: ShownPermission; message: string }

// MiniKit errors carry the spec's text as `shortMessage`; `message` adds detail lines.
const reasonOf = (error: unknown) =>
  error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error)

/**
 * The profile's permissions: whether World App lets WorldMap send
 * notifications and read contacts (`getPermissions`), and an Allow button for
 * each one not granted (`requestPermission`). Replies that refuse are shown
 * with their error code; `already_granted` counts as granted.
 *
 * @example
 * ```tsx
 * <ProfileScreen sections={<PermissionsSection />} />
 * ```
 */
export function PermissionsSection({
  getPermissions = getPermissionsCommand,
  requestPermission = requestPermissionCommand,
}: PermissionsSectionProps) {
  const titleId = useId()
  const [read, setRead] = useState<ReadState>({ status: 'loading' })
  const [request, setRequest] = useState<RequestState>({ status: 'idle' })

  useEffect(() => {
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
            : { status: 'failed', message: `Permissions could not be read (${result.error_code}).` },
        ),
      (error: unknown) => settle({ status: 'failed', message: `Permissions could not be read: ${reasonOf(error)}` }),
    )
    return () => {
      live = false
    }
  }, [getPermissions])

  const grant = (permission: ShownPermission) =>
    setRead((previous) =>
      previous.status === 'ready' ? { status: 'ready', granted: { ...previous.granted, [permission]: true } } : previous,
    )

  const ask = async (permission: ShownPermission, label: string) => {
    setRequest({ status: 'busy', permission })
    try {
      const result = await requestPermission({ permission })
      if (result.status === 'success' || result.error_code === 'already_granted') {
        grant(permission)
        setRequest({ status: 'idle' })
      } else {
        const reason = result.error_code === 'user_rejected' ? 'You declined.' : 'World App refused.'
        setRequest({ status: 'failed', permission, message: `${label} not allowed. ${reason} (${result.error_code})` })
      }
    } catch (error) {
      setRequest({ status: 'failed', permission, message: `${label} could not be requested: ${reasonOf(error)}` })
    }
  }

  return (
    <section className="profile-section" aria-labelledby={titleId}>
      <h2 id={titleId}>Permissions</h2>
      {read.status === 'loading' ? (
        <p>Checking permissions…</p>
      ) : read.status === 'failed' ? (
        <p role="alert">{read.message}</p>
      ) : (
        <ul className="permission-list">
          {shown.map(({ permission, label }) => {
            const busy = request.status === 'busy' && request.permission === permission
            return (
              <li key={permission} className="permission-item">
                <span className="permission-name">{label}</span>
                {read.granted[permission] ? (
                  <span className="permission-state">Allowed</span>
                ) : (
                  <>
                    <span className="permission-state">Not allowed</span>
                    <button
                      type="button"
                      className="button button-small"
                      disabled={request.status === 'busy'}
                      aria-busy={busy}
                      onClick={() => void ask(permission, label)}
                    >
                      {`Allow ${label.toLowerCase()}`}
                    </button>
                  </>
                )}
                {request.status === 'failed' && request.permission === permission && (
                  <p className="permission-error" role="alert">
                    {request.message}
                  </p>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
