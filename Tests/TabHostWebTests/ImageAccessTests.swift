import Foundation
import TabHostTesting
import TabHostWeb
import TabKit
import Testing

/// Images are read only when the screen references that exact path, and only small image files.
struct ImageAccessTests {
    @Test func theScreenSaysWhichPathsAreReferenced() {
        let screen = Screen(
            title: "T", content: ViewTree([.image(path: "/c.png", alt: nil), .text("x")]),
            tabBar: TabBar(
                items: [TabBarItem(title: "A", image: "/a.svg"), TabBarItem(title: "B")],
                custom: ViewTree([.image(path: "/bar.png", alt: "bar")])))
        #expect(ImageAccess.referencedPaths(in: screen) == ["/c.png", "/a.svg", "/bar.png"])
    }

    @Test func contentTypesComeFromTheExtension() {
        #expect(ImageAccess.contentType(ofPath: "/a/b.PNG") == "image/png")
        #expect(ImageAccess.contentType(ofPath: "/a/b.svg") == "image/svg+xml")
        #expect(ImageAccess.contentType(ofPath: "/a/b.jpeg") == "image/jpeg")
        #expect(ImageAccess.contentType(ofPath: "/a/b.html") == nil)
        #expect(ImageAccess.contentType(ofPath: "/a.png/b") == nil)
        #expect(ImageAccess.contentType(ofPath: "/a/b") == nil)
    }

    @Test func onlyAllowedSmallRegularImageFilesAreRead() throws {
        let fixture = try Fixture()
        let svg = try fixture.write("i.svg", text: "<svg/>")
        let text = try fixture.write("i.txt", text: "secret")
        let big = try fixture.write("big.png", bytes: [UInt8](repeating: 0, count: ImageAccess.maximumBytes + 1))
        try FileManager.default.createDirectory(atPath: fixture.path("dir.png"), withIntermediateDirectories: false)
        let image = try #require(ImageAccess.read(svg, allowed: [svg]))
        #expect(image.bytes == Array("<svg/>".utf8) && image.contentType == "image/svg+xml" && image.etag.hasPrefix("\"6-"))
        #expect(ImageAccess.read(svg, allowed: []) == nil)
        #expect(ImageAccess.read(text, allowed: [text]) == nil)
        #expect(ImageAccess.read(big, allowed: [big]) == nil)
        #expect(ImageAccess.read(fixture.path("dir.png"), allowed: [fixture.path("dir.png")]) == nil)
        #expect(ImageAccess.read(fixture.path("gone.png"), allowed: [fixture.path("gone.png")]) == nil)
        #expect(ImageAccess.read("i.svg", allowed: ["i.svg"]) == nil)
    }
}
