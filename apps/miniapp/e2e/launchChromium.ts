// One launcher for every browser test in the repo: Debian's Chromium with this
// machine's headless flags. MapLibre needs nothing more: with --disable-gpu
// Chromium still offers WebGL 2 through ANGLE on SwiftShader.
export { launchChromium } from '../../../packages/simulator/e2e/launchChromium.js'
