// The streak-at-risk notification, in English: the fragment the other
// languages translate (Translation<typeof notificationsEn>). Titles must stay
// within 30 characters for any streak up to 9,999 days (the portal's limit;
// checked in streakNudgeMessage.test.ts), the short title for anything longer.

/** English strings of the streak-at-risk notification. */
export const notificationsEn = {
  'notifications.streakTitle': { one: '🔥 Keep your {count}-day streak', other: '🔥 Keep your {count}-day streak' },
  'notifications.streakTitleShort': '🔥 Keep your streak alive',
  'notifications.streakMessage': {
    one: 'You found a drop yesterday. Find one today to start a 2-day streak.',
    other: '{count} days in a row! Find one drop today to keep your streak alive.',
  },
  'notifications.streakRewardMessage': {
    one: 'Your day-{day} streak reward is waiting on the map. Find a drop today to keep your streak and collect it.',
    other:
      '{count} days in a row! Your day-{day} streak reward is waiting on the map: find a drop today to keep your streak and collect it.',
  },
} as const
