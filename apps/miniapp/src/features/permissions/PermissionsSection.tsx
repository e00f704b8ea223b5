import type { SyncNotificationsReply, SyncNotificationsRequest } from '@worldmap/game/contract'
import {
  type GetPermissionsResult,
  getPermissions as getPermissionsCommand,
  type RequestPermissionInput,
  type RequestPermissionResult,
  requestPermission as requestPermissionCommand,
} from '@worldmap/minikit'
import { useId } from 'react'
import { type MessageKey, useLocale, useT } from '../../lib/i18n/index.js'
import { syncNotifications } from './syncNotifications.js'
import { type NotificationSync, useNotificationSync } from './useNotificationSync.js'
import { type AskedPermission, type Permissions, usePermissions } from './usePermissions.js'
import './permissions.css'

/** A host permission WorldMap asks for, and what the player gets from it (catalogue keys). */
export interface PermissionPurpose {
  permission: AskedPermission
  /** What the player sees it as, e.g. "Streak reminders". */
  name: MessageKey
  /** The sentence saying why it is asked for. */
  why: MessageKey
}

/**
 * What WorldMap asks World App for (issue 12: only where it serves something
 * the player can see, with a sentence saying why): notifications, for the
 * streak-at-risk reminder (issue 24). Contacts are not here: nothing in
 * WorldMap uses them, so asking would only be friction.
 */
export const PERMISSION_PURPOSES: readonly PermissionPurpose[] = [
  { permission: 'notifications', name: 'permissions.streakName', why: 'permissions.streakWhy' },
]

/** Props of {@link PermissionsSection}; everything defaults to the app's own purposes, the `@worldmap/minikit` commands and the server. */
export interface PermissionsSectionProps {
  purposes?: readonly PermissionPurpose[]
  getPermissions?: () => Promise<GetPermissionsResult>
  requestPermission?: (input: RequestPermissionInput) => Promise<RequestPermissionResult>
  /** Tells the server the permission and the switch (`syncNotifications`). */
  sync?: (request: SyncNotificationsRequest) => Promise<SyncNotificationsReply>
  /** The signed-in player: the permission already told this session (at app start) is not told again. */
  uid?: string
}

/** Props of the section's {@link PermissionItem}. */
interface PermissionItemProps {
  purpose: PermissionPurpose
  read: Permissions['read']
  request: Permissions['request']
  notifications: NotificationSync
  onAsk: () => void
}

/** The streak reminders switch: on unless the player opted out; saved on the server. */
function ReminderSwitch({ name, notifications }: { name: string; notifications: NotificationSync }) {
  const t = useT()
  const locale = useLocale()
  const { state, setOptedOut } = notifications
  const optedOut = state.status !== 'idle' && state.optedOut
  return (
    <label className="permission-switch">
      <input
        type="checkbox"
        role="switch"
        checked={!optedOut}
        aria-checked={!optedOut}
        disabled={state.status === 'idle' || (state.status === 'ready' && state.saving)}
        aria-label={t('permissions.switchLabel', { name: name.toLocaleLowerCase(locale) })}
        onChange={(event) => setOptedOut(!event.currentTarget.checked)}
      />
      <span className="permission-switch-track" aria-hidden="true" />
    </label>
  )
}

/** One purpose's line: its name, On/Off once known, why it is asked for, Turn on (or the switch) and why a Turn on failed. */
function PermissionItem({ purpose, read, request, notifications, onAsk }: PermissionItemProps) {
  const t = useT()
  const locale = useLocale()
  const name = t(purpose.name)
  const busy = request.status === 'busy' && request.permission === purpose.permission
  const granted = read.status === 'ready' && read.granted[purpose.permission] === true
  const reminders = purpose.permission === 'notifications'
  const on = granted && !(reminders && notifications.state.status !== 'idle' && notifications.state.optedOut)
  return (
    <li className="permission-item">
      <span className="permission-name">{name}</span>
      {read.status === 'ready' ? (
        <span className="permission-state">{on ? t('permissions.on') : t('permissions.off')}</span>
      ) : null}
      {granted && reminders ? <ReminderSwitch name={name} notifications={notifications} /> : null}
      <p className="permission-why">{t(purpose.why)}</p>
      {granted ? null : (
        <button
          type="button"
          className="button button-secondary permission-button"
          disabled={request.status === 'busy'}
          aria-busy={busy}
          aria-label={t('permissions.turnOnLabel', { name: name.toLocaleLowerCase(locale) })}
          onClick={onAsk}
        >
          {t('permissions.turnOn')}
        </button>
      )}
      {request.status === 'failed' && request.permission === purpose.permission ? (
        <p className="permission-error" role="alert">
          {t(request.message)}
        </p>
      ) : null}
      {reminders && notifications.state.status === 'failed' ? (
        <p className="permission-error" role="alert">
          {t('permissions.saveFailed')}
        </p>
      ) : null}
    </li>
  )
}

/**
 * The profile's notifications: for each thing WorldMap asks for, what the
 * player gets, whether World App allows it (read with `getPermissions`,
 * which never prompts), and a Turn on button that asks World App
 * (`requestPermission`) — only when the player presses it, never on load.
 * Once World App allows notifications, a switch lets the player stop the
 * streak reminders; the server is told the permission each time it is read
 * (so revoking it in World App takes the player out) and the switch when
 * flipped. Refusals are explained in plain words; `already_granted` counts as on.
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
  sync = syncNotifications,
  uid,
}: PermissionsSectionProps) {
  const t = useT()
  const titleId = useId()
  const { read, request, ask } = usePermissions({ enabled: purposes.length > 0, getPermissions, requestPermission })
  const notifications = useNotificationSync(read.status === 'ready' ? read.granted.notifications === true : undefined, sync, uid)
  if (purposes.length === 0) return null
  return (
    <section className="profile-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('permissions.title')}</h2>
      {read.status === 'loading' ? <p>{t('permissions.checking')}</p> : null}
      {read.status === 'unknown' ? <p className="permission-note">{t('permissions.unknown')}</p> : null}
      {read.status === 'loading' ? null : (
        <ul className="permission-list">
          {purposes.map((purpose) => (
            <PermissionItem
              key={purpose.permission}
              purpose={purpose}
              read={read}
              request={request}
              notifications={notifications}
              onAsk={() => void ask(purpose.permission)}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
