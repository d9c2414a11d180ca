extension NewCommand {
    /// `tests/smoke.tabtest` of both scaffolds (their modules draw the same screen): what `tabhost test`
    /// runs, and a first example of the script format.
    static func smokeTest(_ name: ModuleName) -> String {
        """
        # A smoke test of \(name.text): `tabhost test` (or `make test`) builds the module and runs every
        # tests/*.tabtest against it, in its sandboxed child, on an 80x24 screen in memory.
        # The format: docs/modules/testing.md in TabHost's documentation.
        expect title "\(name.title)"
        expect "Hello, stranger!"

        # The Tap button counts (the focus starts on it).
        expect focus "Tap"
        press enter
        click "Tap"
        expect "2"

        # The field is the next focusable item; typing goes into it.
        press down
        expect focus "Your name"
        type "Ada"
        expect "Hello, Ada!"

        # A hot reload keeps the module's state.
        reload
        expect "Hello, Ada!"

        """
    }
}
