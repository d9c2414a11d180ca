import Foundation
import Glibc
import TabHostTesting
import TabModuleLoading
import Testing

/// A module can make a tree thousands of levels deep in its data directory; the host removes such a tree
/// (`tabhost remove --purge`, a test's data directory) whole, in a loop that holds a bounded number of
/// descriptors, never following a link. The recursive walk it replaces kept one descriptor per level and
/// one stack frame: it stopped at the descriptor limit, leaving the tree, or overflowed the stack.
@Suite(.blocking) struct FileTreeRemovalTests {
    @Test(arguments: [1, FileTreeRemoval.maximumOpenLevels, 25_000])
    func aTreeOfAnyDepthIsRemovedWholeWithoutFollowingALink(depth: Int) throws {
        let fixture = try Fixture()
        let victim = try fixture.write("victim", text: "keep me")
        try FileManager.default.createDirectory(atPath: fixture.path("victims"), withIntermediateDirectories: false)
        _ = try fixture.write("victims/inside", text: "keep me too")
        let root = fixture.path("data")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        try DeepTree.make(under: root, depth: depth) { level, fd in
            if level % 7 == 1 { try DeepTree.writeFile("f", size: 10, in: fd) }
            if level % 100 == 1 {
                #expect(symlinkat(victim, fd, "file-link") == 0)
                #expect(symlinkat(fixture.path("victims"), fd, "directory-link") == 0)
                #expect(mkdirat(fd, ".tabhost-removing-1", 0o700) == 0)
            }
        }
        FileTreeRemoval.remove(root)
        #expect(access(root, F_OK) != 0, "the tree is gone")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
        #expect(try String(contentsOfFile: fixture.path("victims/inside"), encoding: .utf8) == "keep me too")
    }
}
