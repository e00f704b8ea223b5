// The app server of a `vike build`, resolved by build.mjs (buildSsrFunction) to
// the chunk whose default export is pages/+server.ts's `{ fetch }`.
declare module 'virtual:worldmap-app-server' {
  const server: import('./createSsrHandler.js').AppServer
  export default server
}
