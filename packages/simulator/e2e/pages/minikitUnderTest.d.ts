// The page is bundled twice, with this name aliased to either toolkit; both
// expose the 1.9.x facade surface the page uses.
declare module 'minikit-under-test' {
  export * from '@worldmap/minikit'
}
