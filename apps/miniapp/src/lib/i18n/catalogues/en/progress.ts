// Home's progress card (features/progress); `progress.goal` also words the catch reveal's ring.
export const progressEn = {
  'progress.title': "Today's progress",
  'progress.loadFailed': 'Your progress could not be loaded.',
  'progress.loading': 'Loading',
  'progress.ring': 'Daily goal',
  'progress.goal': { one: '{today} of {count} find today', other: '{today} of {count} finds today' },
  'progress.pastGoal': { one: '{count} find today', other: '{count} finds today' },
  'progress.goalMet': 'Daily goal met. Nice work!',
  'progress.goalStart': {
    one: 'Collect {count} drop today to reach your daily goal.',
    other: 'Collect {count} drops today to reach your daily goal.',
  },
  'progress.goalLeft': { one: "{count} more to reach today's goal.", other: "{count} more to reach today's goal." },
  'progress.streak': { one: '{count}-day streak', other: '{count}-day streak' },
  'progress.noStreakNow': 'No streak right now',
  'progress.noStreakYet': 'No streak yet',
  'progress.keptToday': 'Kept today. Come back tomorrow.',
  'progress.keepIt': 'Find one today to keep it',
  'progress.startNew': 'Find a drop today to start a new one.',
  'progress.build': 'Find a drop each day to build one.',
  'progress.best': { one: 'Best: {count} day', other: 'Best: {count} days' },
  'progress.streakEnded': { one: 'Your {count}-day streak ended', other: 'Your {count}-day streak ended' },
  'progress.restart': {
    one: 'Find {count} drop today to start a new streak',
    other: 'Find {count} drops today to start a new streak',
  },
} as const
