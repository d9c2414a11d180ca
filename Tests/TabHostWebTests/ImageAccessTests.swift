import Foundation
import TabHostTesting
import TabHostWeb
import TabKit
import Testing

/// Images are read only when the screen shows that exact path, only small image files, and only inside the
/// module and data directories, reached without a link or `..`.
@Suite(.blocking)
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

    @Test func onlySmallRegularImageFilesInsideTheRootsAreRead() throws {
        let fixture = try Fixture()
        let root = fixture.path("modules")
        try FileManager.default.createDirectory(atPath: root + "/assets/dir.png", withIntermediateDirectories: true)
        let svg = try fixture.write("modules/assets/i.svg", text: "<svg/>")
        let text = try fixture.write("modules/i.txt", text: "secret")
        let big = try fixture.write("modules/big.png", bytes: [UInt8](repeating: 0, count: ImageAccess.maximumBytes + 1))
        let outside = try fixture.write("secret.png", text: "secret")
        let image = try #require(ImageAccess.read(svg, within: [root]))
        #expect(image.bytes == Array("<svg/>".utf8) && image.contentType == "image/svg+xml" && image.etag.hasPrefix("\"6-"))
        #expect(ImageAccess.read(svg, within: [root + "/"]) != nil)
        #expect(ImageAccess.read(svg, within: []) == nil)
        #expect(ImageAccess.read(text, within: [root]) == nil)
        #expect(ImageAccess.read(big, within: [root]) == nil)
        #expect(ImageAccess.read(root + "/assets/dir.png", within: [root]) == nil)
        #expect(ImageAccess.read(root + "/gone.png", within: [root]) == nil)
        #expect(ImageAccess.read("assets/i.svg", within: [root]) == nil)
        #expect(ImageAccess.read(outside, within: [root]) == nil)
        #expect(ImageAccess.read(outside, within: [fixture.directory]) != nil)  // the control: readable where allowed
    }

    /// `../../etc/passwd`-style paths, a link to a file out of the root (last component or a directory on the
    /// way), and a hard link: none is read, though each names a readable file.
    @Test func noDotDotNoLinkOutAndNoHardLinkIsRead() throws {
        let fixture = try Fixture()
        let root = fixture.path("modules")
        try FileManager.default.createDirectory(atPath: root + "/assets", withIntermediateDirectories: true)
        let secret = try fixture.write("secret.png", text: "secret")
        try FileManager.default.createDirectory(atPath: fixture.path("elsewhere"), withIntermediateDirectories: false)
        _ = try fixture.write("elsewhere/x.png", text: "secret")
        #expect(symlink(secret, root + "/link.png") == 0)
        #expect(symlink(fixture.path("elsewhere"), root + "/linked") == 0)
        #expect(link(secret, root + "/hard.png") == 0)
        for path in [
            root + "/../secret.png", root + "/assets/../../secret.png", root + "/./assets/../link.png", root + "//link.png",
            root + "/link.png", root + "/linked/x.png", root + "/hard.png",
        ] {
            #expect(ImageAccess.read(path, within: [root]) == nil, "\(path)")
        }
        #expect(ImageAccess.refusal(of: root + "/../secret.png", within: [root]) != nil)
        #expect(ImageAccess.refusal(of: "/etc/passwd", within: [root]) != nil)
        #expect(ImageAccess.refusal(of: root + "/assets/x.png", within: [root]) == nil)
    }

    @Test func ticketsStandForTheCurrentScreensImagesOnly() throws {
        var tickets = ImageTickets()
        var refused: [String] = []
        let screen = Screen(
            title: "T",
            content: ViewTree([.image(path: "/m/a.png", alt: "a"), .styled(.bold, .image(path: "/m/../etc/x.png", alt: nil))]),
            tabBar: TabBar(items: [TabBarItem(title: "A", image: "/m/a.png"), TabBarItem(title: "B", image: "/home/me/b.png")]))
        let shown = tickets.issue(for: screen, within: ["/m"]) { path, _ in refused.append(path) }
        guard case .image(let address, "a") = shown.content.nodes[0] else {
            Issue.record("\(shown.content)")
            return
        }
        #expect(address.hasPrefix("/image/") && address.count == "/image/".count + 32)
        #expect(shown.tabBar?.items[0].image == address, "one path, one ticket")
        #expect(shown.tabBar?.items[1].image == "")
        #expect(shown.content.nodes[1] == .styled(.bold, .image(path: "", alt: nil)))
        #expect(refused == ["/m/../etc/x.png", "/home/me/b.png"])
        let id = String(address.dropFirst("/image/".count))
        #expect(tickets.path(forID: id) == "/m/a.png")
        // Still shown: the same ticket. Gone from the screen: revoked.
        let again = tickets.issue(for: screen, within: ["/m"]) { _, _ in }
        #expect(again.tabBar?.items[0].image == address)
        _ = tickets.issue(for: Screen(title: "U"), within: ["/m"]) { _, _ in }
        #expect(tickets.path(forID: id) == nil)
        let back = tickets.issue(for: screen, within: ["/m"]) { _, _ in }
        #expect(back.tabBar?.items[0].image != address, "a path shown again gets a new ticket")
    }
}
