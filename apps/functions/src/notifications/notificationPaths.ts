// Where the streak nudges keep their state, server-only (the rules' root
// denies every client read and write): a player's record, index entry and
// sent record on their player instance (each player instance indexes its own
// players, so a sync moves record and entry in one write), the run's
// bookmark on main:
//   /notifications/players/{uid}   {granted, optedOut, slot?, timeZone?, updatedAt, changes?}: what the app last said;
//                                  `slot` where the player is filed (absent: not filed), `changes` {window, n} the sync's per-account limit
//   /notifications/slots/{slot}/{uid}  true: remindable players (granted, on, a streak alive) by send slot (UTC hour 0–23), the run's index
//   /notifications/sent/{uid}      {day, at, status, streak, reason?}: the last nudge, the per-player-day claim
//   /meta/notifications            {hour, lastRun}: the last UTC hour a run finished, and its report

/**
 * The database paths of the streak nudges (docs/data-model.md, "Notifications").
 *
 * @example
 * ```ts
 * database.ref(notificationPaths.slot(11)).once('value')
 * ```
 */
export const notificationPaths = {
  player: (uid: string) => `notifications/players/${uid}`,
  /** The sync's per-account counter of changes, inside the player's own record: it never outlives the record nor grows. */
  playerChanges: (uid: string) => `notifications/players/${uid}/changes`,
  slot: (slot: number) => `notifications/slots/${slot}`,
  slotEntry: (slot: number, uid: string) => `notifications/slots/${slot}/${uid}`,
  sent: (uid: string) => `notifications/sent/${uid}`,
  meta: 'meta/notifications',
} as const
