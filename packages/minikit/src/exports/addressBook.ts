// `@worldmap/minikit/address-book`: official 2.x's subpath for the World ID
// address book. The same function as the root's `getIsUserVerified`, imported
// statically here (a team importing this subpath wants the read, so viem may
// load with it); the root keeps its lazy wrapper so its entry stays light.
export { type GetIsUserVerifiedOptions, getIsUserVerified, WORLD_ID_ADDRESS_BOOK } from '../utils/getIsUserVerified.js'
