// The page is bundled twice, with this name aliased to either toolkit; both
// expose the 1.9.x facade surface the page uses.
declare module 'minikit-under-test' {
  export * from '@worldmap/minikit'
}

// The 2.x page is written against official 2.0.3's types; the ours-2.x bundle
// aliases the same specifiers to @worldmap/minikit.
declare module 'minikit-under-test-v2' {
  export * from '@worldcoin/minikit-js-2'
}
declare module 'minikit-under-test-v2/commands' {
  export * from '@worldcoin/minikit-js-2/commands'
}
