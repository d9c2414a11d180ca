import TabHostConcurrency
import Testing

struct RateWindowTests {
    /// Instants a given number of milliseconds after one start, so that each test decides the clock.
    let start = ContinuousClock.now
    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    @Test func nothingCountedIsNoWindow() {
        let window = RateWindow(interval: .seconds(1))
        #expect(window.isOver(at: at(0)))
        #expect(window.start == nil && window.end == nil && window.used == 0)
    }

    @Test func amountsAddUpWithinAWindowAndANewOneStartsFromNothing() {
        var window = RateWindow(interval: .seconds(1))
        let first = window.count(300, at: at(0))
        let second = window.count(500, at: at(999))
        #expect([first, second] == [300, 800])
        #expect(window.end == at(1_000))
        #expect(!window.isOver(at: at(999)))
        #expect(window.isOver(at: at(1_000)))
        let third = window.count(7, at: at(1_000))
        #expect(third == 7)
        #expect(window.start == at(1_000))
    }

    @Test func aWindowStartsWithTheFirstAmountAfterTheLastOneEnded() {
        var window = RateWindow(interval: .seconds(1))
        window.count(1, at: at(0))
        // 4.5 s of silence: the next window begins at 4.5 s, not on a grid of whole seconds from the start.
        window.count(1, at: at(4_500))
        #expect(window.start == at(4_500))
        let used = window.count(1, at: at(5_400))
        #expect(used == 2)
        let early = window.roll(at: at(5_499))
        let late = window.roll(at: at(5_500))
        #expect(!early && late)
        #expect(window.used == 0)
    }
}
