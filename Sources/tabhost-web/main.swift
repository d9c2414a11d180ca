import TabHostCommandLine

// The same commands with the browser front end: what `tabhost serve` and `tabhost run --web` exec.
TabHostCommand.main(web: HummingbirdWebFrontEnd())
