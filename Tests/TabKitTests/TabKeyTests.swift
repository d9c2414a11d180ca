import TabKit
import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keys have one typed home: the `tab_key` values of tab_module.h, and Unicode scalars.
struct TabKeyTests {
    @Test func namedKeysHaveTheHeadersValues() {
        #expect([TabKey.up, .down, .left, .right, .enter].map(\.rawValue) == [0x110001, 0x110002, 0x110003, 0x110004, 0x0D])
        #expect(TabKey.up.scalar == nil)
        #expect(TabKey.enter.scalar == "\r")
    }

    @Test func scalarsAreTheirOwnValues() {
        #expect(TabKey(scalar: "q").rawValue == 0x71)
        #expect(TabKey(scalar: "中") == TabKey(rawValue: 0x4E2D))
        #expect(TabKey(scalar: "\r") == .enter)
        #expect(TabKey(rawValue: 0x1F600).scalar == "😀")
    }

    @Test func aKeyEncodesAsItsNumber() throws {
        #expect(String(decoding: try JSONEncoder().encode([TabKey.down, TabKey(scalar: "a")]), as: UTF8.self) == "[1114114,97]")
        #expect(try JSONDecoder().decode(TabKey.self, from: Data("1114116".utf8)) == .right)
    }

    @Test func controllersReceiveTheKeyTheFrontEndSent() {
        let f = TabFixture(["A"])
        #expect(f.host.apply(.key(.left)))
        #expect(f.host.apply(.key(TabKey(scalar: "x"))))
        #expect(f.log.take() == ["A.key(1114115)", "A.key(120)"])
    }
}
