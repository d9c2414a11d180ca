import Testing

struct PlaceholderTests {
    @Test func buildsAndRuns() {
        #expect(1 + 1 == 2)
    }
}
