/** The app shell: top and bottom bars, the offline banner, page titles. */
export const layoutEn = {
  'layout.home': 'Home',
  'layout.profile': 'Profile',
  'layout.mainNav': 'Main',
  'layout.back': 'Back',
  'layout.map': 'Map',
  'layout.offlineDevice': "You're offline. The game picks up again once you're back online.",
  'layout.offlineServer': "Can't reach the game right now. Reconnecting…",
  'layout.titleHome': 'WorldMap',
  'layout.titleMap': 'Map · WorldMap',
  'layout.titleProfile': 'Profile · WorldMap',
  'layout.titleInventory': 'Inventory · WorldMap',
  'layout.titleNotFound': 'Page not found · WorldMap',
  'layout.titleError': 'Something went wrong · WorldMap',
  'layout.description': 'Collect drops around you, as a verified human — a World App mini app.',
} as const
