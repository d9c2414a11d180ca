import TabHostCommandLine

// No web front end linked: `serve` and `run --web` exec `tabhost-web` (README, "The browser"; what
// that saves each start: docs/performance-history.md).
TabHostCommand.main(web: nil)
