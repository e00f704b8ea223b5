// `@worldmap/minikit/address-book`: official 2.x's subpath for the World ID
// address book, and the only home of `getIsUserVerified` (official 1.x has it
// on the root): it reads the book through viem, which nothing the root entry
// imports may reach, even behind import() (issue 34). Imported statically: a
// team importing this subpath wants the read.
export { type GetIsUserVerifiedOptions, getIsUserVerified, WORLD_ID_ADDRESS_BOOK } from '../utils/getIsUserVerified.js'
