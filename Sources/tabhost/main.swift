import TabHostCommandLine

// No web front end linked: `serve` and `run --web` exec `tabhost-web` (docs/user/browser.md; what
// that saves each start: docs/contributing/performance-history.md).
TabHostCommand.main(web: nil)
