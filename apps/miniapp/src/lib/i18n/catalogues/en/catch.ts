// The catch reveal (features/catch). `progress.goal` (the ring's words) is the progress card's.
export const catchEn = {
  'catch.kicker': 'You found',
  'catch.dialog': 'You found: {label}',
  'catch.new': 'New!',
  'catch.newSub': 'First one in your collection.',
  'catch.count': 'You have {count}',
  'catch.continue': 'Continue',
  'catch.rewardWaitingDay': 'Your day-{day} streak reward is waiting: {name}, {distance} {direction}.',
  'catch.rewardWaiting': 'Your streak reward is waiting: {name}, {distance} {direction}.',
  'catch.showReward': 'Show me',
  'catch.points': { one: '+{count} point', other: '+{count} points' },
  'catch.goalMet': { one: 'Goal met — {count}-day streak', other: 'Goal met — {count}-day streak' },
  'catch.streakExtended': { one: 'Streak kept — {count} day in a row', other: 'Streak kept — {count} days in a row' },
} as const
