import Testing

@testable import TabHostDev

/// How the build log modal shows each line of a build's output.
struct BuildLogTests {
    @Test(arguments: [
        ("      |     ^~~~~~", "      |     ^~~~~~"),
        ("    3 |     return x;  \r", "    3 |     return x;"),
        ("\tcc -c a.c\t", "        cc -c a.c"),
        ("ab\tc", "ab      c"),
        ("  \t \r", ""),
    ])
    func aLineKeepsItsLeadingSpacesAndLosesTrailingOnes(line: String, shown: String) {
        #expect(BuildLogController.displayLine(line[...]) == shown)
    }
}
