// World's usernames service.

/** Base URL of World's usernames service. */
export const DEFAULT_USERNAMES_URL = 'https://usernames.worldcoin.org'
