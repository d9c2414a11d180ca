import TabHostConcurrency
import Testing

struct LineBudgetTests {
    /// Instants a given number of milliseconds after one start, so that each test decides the clock.
    let start = ContinuousClock.now
    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    @Test func theFirstLinesOfAWindowGoThroughAndTheRestAreCounted() {
        var budget = LineBudget(lines: 3, per: .seconds(1))
        let decisions = (0..<10).map { budget.admit(now: at($0)) }
        #expect(decisions == [0, 0, 0, nil, nil, nil, nil, nil, nil, nil])
    }

    @Test func theNextLineLetThroughSaysHowManyWereDropped() {
        var budget = LineBudget(lines: 1, per: .seconds(10))
        #expect(budget.admit(now: at(0)) == 0)
        for milliseconds in stride(from: 100, to: 9_900, by: 100) { #expect(budget.admit(now: at(milliseconds)) == nil) }
        #expect(budget.admit(now: at(10_000)) == 98)
        // The count is said once.
        #expect(budget.admit(now: at(20_000)) == 0)
    }

    @Test func aWindowStartsWithTheFirstLineAfterTheLastOneEnded() {
        var budget = LineBudget(lines: 2, per: .seconds(1))
        #expect(budget.admit(now: at(0)) == 0)
        #expect(budget.admit(now: at(500)) == 0)
        #expect(budget.admit(now: at(900)) == nil)
        // 5 s of silence: the next window begins at 6 s, not on a grid of whole seconds from the start.
        #expect(budget.admit(now: at(6_000)) == 1)
        #expect(budget.admit(now: at(6_900)) == 0)
        #expect(budget.admit(now: at(6_950)) == nil)
        #expect(budget.admit(now: at(7_000)) == 1)
    }

    @Test(arguments: [1, 20, 64]) func aFloodCostsAtMostTheBudgetEachWindow(lines: Int) {
        var budget = LineBudget(lines: lines, per: .seconds(1))
        var written = 0
        var counted = 0
        // 10,000 lines over five seconds, one every half millisecond.
        for index in 0..<10_000 {
            if let dropped = budget.admit(now: start + .microseconds(index * 500)) {
                written += 1
                counted += dropped
            }
        }
        #expect(written == 5 * lines)
        // Every line is either written or counted by a later one, except those dropped in the last window.
        #expect(counted == 10_000 - 5 * lines - (2_000 - lines))
    }
}
