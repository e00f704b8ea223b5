import {
  type GetPermissionsResult,
  getPermissions as getPermissionsCommand,
  type RequestPermissionInput,
  type RequestPermissionResult,
  requestPermission as requestPermissionCommand,
} from '@worldmap/minikit'
import { useId } from 'react'
import { type AskedPermission, type Permissions, usePermissions } from './usePermissions.js'
import './permissions.css'

/** A host permission WorldMap asks for, and what the player gets from it. */
export interface PermissionPurpose {
  permission: AskedPermission
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

/** Props of the section's {@link PermissionItem}. */
interface PermissionItemProps {
  purpose: PermissionPurpose
  read: Permissions['read']
  request: Permissions['request']
  onAsk: () => void
}

/** One purpose's line: its name, On/Off once known, why it is asked for, Turn on while off, and why a Turn on failed. */
function PermissionItem({ purpose, read, request, onAsk }: PermissionItemProps) {
  const { permission, name, why } = purpose
  const busy = request.status === 'busy' && request.permission === permission
  const on = read.status === 'ready' && read.granted[permission] === true
  return (
    <li className="permission-item">
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
          onClick={onAsk}
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
  const { read, request, ask } = usePermissions({ enabled: purposes.length > 0, getPermissions, requestPermission })
  if (purposes.length === 0) return null
  return (
    <section className="profile-section" aria-labelledby={titleId}>
      <h2 id={titleId}>Notifications</h2>
      {read.status === 'loading' ? <p>Checking with World App…</p> : null}
      {read.status === 'unknown' ? (
        <p className="permission-note">We couldn't check with World App whether these are on.</p>
      ) : null}
      {read.status === 'loading' ? null : (
        <ul className="permission-list">
          {purposes.map((purpose) => (
            <PermissionItem
              key={purpose.permission}
              purpose={purpose}
              read={read}
              request={request}
              onAsk={() => void ask(purpose.permission, purpose.noun)}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
