/** The profile screen: the player's card, the wallet copy button, and the links below. */
export const profileEn = {
  'profile.avatarAlt': "{name}'s avatar",
  // A player without a World App username, on every screen: one friendly word, never any part of the address.
  'profile.fallbackName': 'Explorer',
  'profile.copyWallet': 'Copy wallet address',
  'profile.copied': 'Wallet address copied',
  'profile.copyFailed': "Couldn't copy. Try again",
  'profile.inventory': 'Inventory',
  'profile.signOut': 'Sign out',
} as const
