/** Words many screens share: buttons, loading and offline states, points. */
export const commonEn = {
  'common.tryAgain': 'Try again',
  'common.loading': 'Loading',
  'common.loadingPage': 'Loading page',
  'common.close': 'Close',
  'common.back': 'Back',
  'common.openMap': 'Open the map',
  'common.offlineAction': "You're offline. This works again once you're back online.",
  'common.points': { one: '{count} pt', other: '{count} pts' },
  'common.yourAvatar': 'Your avatar',
} as const
