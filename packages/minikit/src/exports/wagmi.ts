// `@worldmap/minikit/wagmi`: official 2.x's subpath for the wagmi connector.
// Loads no wagmi code (the connector is typed with wagmi's types only), so
// wagmi stays an optional peer the app itself installs.
export { type WorldAppConnectorOptions, worldApp } from '../v2/wallet/worldAppConnector.js'
