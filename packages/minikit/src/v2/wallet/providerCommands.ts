// The 2.x commands the World App provider calls, loaded with the provider's
// request side on the first request. No caller `fallback`, so `data` is World
// App's (or the registered web fallback's), never a caller's own shape.
import { isInstalled } from '../../install.js'
import { isInWorldApp } from '../isInWorldApp.js'
import { sendTransaction } from '../sendTransaction.js'
import { signMessage } from '../signMessage.js'
import { signTypedData } from '../signTypedData.js'
import { walletAuth } from '../walletAuth.js'
import type { ProviderCommands } from './provider.js'

/** The provider's commands: sign-in needs World App with MiniKit installed, as in the official. */
export const worldAppCommands: ProviderCommands = {
  canAuthenticate: () => isInWorldApp() && isInstalled(),
  walletAuth: (input) => walletAuth(input) as Promise<{ data: { address: string } }>,
  signMessage: (input) => signMessage(input) as Promise<{ data: { signature: string } }>,
  signTypedData: (input) =>
    signTypedData(input as Parameters<typeof signTypedData>[0]) as Promise<{ data: { signature: string } }>,
  sendTransaction: (input) =>
    sendTransaction(input as Parameters<typeof sendTransaction>[0]) as Promise<{ data: { userOpHash: string } }>,
}
