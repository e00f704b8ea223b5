/** What `worldmap-simulator --help` prints. */
export const HELP_TEXT = `worldmap-simulator: run any mini app on a laptop as if inside World App.

Usage:
  worldmap-simulator open <url> [flags]     open <url> in Chromium with the World App host injected
  worldmap-simulator open <url> --proxy [--port <n>]
                                            serve <url> through a local proxy that injects the host,
                                            for any browser (prints the URL to open)
  worldmap-simulator --help

<url> is an http:// or https:// URL, e.g. http://localhost:5173/.
While open runs it prints each command the app sends (name, version, payload) and
each reply (success, or error and its code), one line each.

Flags:
  --os <ios|android>            device OS World App reports (default: ios)
  --key <0x…>                   wallet private key (default: the simulator's dev key; never a funded key)
  --seed <words or text>        derive the wallet from a BIP-39 mnemonic or any text, instead of --key
  --identity <seed>             World ID holder: one seed is one person (default: "default")
  --app-id <app_…>              the mini app's id (simulated proofs are bound to it)
  --world-app-version <n>       World App build number to report (test the out-of-date paths)
  --position <lat,lng>          simulated device position, e.g. 1.2834,103.8607
  --mode <interactive|scripted> interactive: World App-style sheets ask you (default);
                                scripted: answer from --behaviour (default when --behaviour is given)
  --behaviour <file.json>       scripted answers per wire command, e.g.
                                {"pay": {"outcome": "reject", "errorCode": "insufficient_balance"},
                                 "verify": {"delay": 2000}, "share": {"outcome": "drop"}}
  --browser <path>              Chromium or Chrome to launch
                                (default: $CHROME_PATH, /usr/bin/chromium, chromium on the PATH)
  --headless                    no window (CI, scripts); there are no sheets to click, so it
                                answers in scripted mode (said on stderr); with --mode interactive
                                it is refused
  --json                        print the log as one JSON object per line (for scripts):
                                an "opened" record, then one per command and per reply
  --no-sandbox                  launch Chromium without its sandbox (automatic when running as root)
  --ignore-https-errors         accept the app's self-signed certificate
  --proxy                       proxy mode on http://127.0.0.1:4390; --browser, --headless and
                                --no-sandbox do not apply. The page's origin is the proxy's, so a
                                backend that checks the SIWE domain must allow it
  --port <n>                    the proxy's port (default 4390, stable so that origin can be
                                allowed once; 0 = any free port). --proxy <n> still works
  -h, --help                    this text

Close the window or press Ctrl-C to stop.
`
