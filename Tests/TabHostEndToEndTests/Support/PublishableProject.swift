import Foundation

/// What a test's author writes into a `tabhost new` project's `tabmod.json` before packing: `pack` refuses
/// the placeholders `new` wrote ("Your Name", example.org).
enum PublishableProject {
    /// The publisher the tests pack as.
    static let publisher = "Ada Publisher"

    /// Replaces `project`'s `tabmod.json` with real-looking values, the feed at `updates`.
    static func fill(_ project: String, updates: String = "https://modules.tabhost.test/feed.json") throws {
        let settings = """
            {
              "publisher" : "\(publisher)",
              "description" : "Shows the time",
              "license" : "MIT",
              "homepage" : "https://modules.tabhost.test/",
              "updates" : "\(updates)"
            }

            """
        try settings.write(toFile: project + "/tabmod.json", atomically: true, encoding: .utf8)
    }
}
