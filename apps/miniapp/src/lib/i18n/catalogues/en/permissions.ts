/** The profile's notifications section: streak reminders, World App's permission and the opt-out switch. */
export const permissionsEn = {
  'permissions.title': 'Notifications',
  'permissions.checking': 'Checking with World App…',
  'permissions.unknown': "We couldn't check with World App whether these are on.",
  'permissions.streakName': 'Streak reminders',
  'permissions.streakWhy': 'One nudge in the evening when your streak is about to end. At most one a day, never at night.',
  'permissions.on': 'On',
  'permissions.off': 'Off',
  'permissions.turnOn': 'Turn on',
  'permissions.turnOnLabel': 'Turn on {name}',
  'permissions.switchLabel': 'Send me {name}',
  'permissions.saveFailed': "Your choice couldn't be saved. Check your connection and try again.",
  'permissions.refused.userRejected': 'You chose not to allow notifications.',
  'permissions.refused.alreadyRequested':
    "You declined notifications before. You can turn them on for WorldMap in World App's settings.",
  'permissions.refused.disabled': "Notifications are off in World App. Turn them on in World App's settings, then try again.",
  'permissions.refused.unsupported': "World App doesn't offer notifications for WorldMap yet.",
  'permissions.refused.other': "World App couldn't turn on notifications. Try again later.",
  'permissions.refused.oldApp': "This version of World App can't turn on notifications. Updating World App may help.",
  'permissions.refused.noAnswer': "World App didn't answer. Try again.",
} as const
