/** Home: the greeting, the nearest drops, a waiting catch, the finds summary. */
export const homeEn = {
  'home.hello': 'Hello,',
  'home.openMapSub': 'Find drops around you and collect them.',
  'home.findsTitle': 'Your finds',
  'home.findsFailed': 'Your finds could not be loaded.',
  'home.today': 'Today',
  'home.total': 'Total',
  'home.seeInventory': 'See your inventory',
  'home.nearestTitle': 'Nearest drops',
  'home.rewardDay': 'Your day-{day} streak reward',
  'home.locating': 'Finding your location…',
  'home.noLocation': 'Turn on location to see the drops near you.',
  'home.looking': 'Looking for drops near you…',
  'home.nearestFailed': 'Drops nearby could not load. Check your connection.',
  'home.noneNearby': 'No drops near you right now. New ones appear every half hour.',
  'home.pending': { one: 'A catch is waiting for you', other: '{count} catches are waiting for you' },
  'home.pendingSub': 'Open the map to see what you found.',
} as const
