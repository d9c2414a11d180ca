import TabHostCommandLine

// No web front end linked: `serve` and `run --web` exec `tabhost-web` (README, issue 13).
TabHostCommand.main(web: nil)
