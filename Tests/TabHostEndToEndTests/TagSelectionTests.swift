import TabHostTesting
import Testing

/// The environment's tag selection (`TagSelection`): which tests a pass leaves out.
struct TagSelectionTests {
    @Test func skippedTagsLeaveOutEveryTestCarryingOne() {
        let environment = ["TABHOST_TEST_SKIP_TAGS": "tmux, browser"]
        #expect(
            TagSelection.reasonToSkip([.tmux, .slow], environment: environment) == "tagged .tmux, which TABHOST_TEST_SKIP_TAGS leaves out")
        #expect(TagSelection.reasonToSkip([.browser], environment: environment) != nil)
        #expect(TagSelection.reasonToSkip([.slow], environment: environment) == nil)
        #expect(TagSelection.reasonToSkip([], environment: environment) == nil)
    }

    @Test func onlyTagsKeepJustTheTestsCarryingOne() {
        let environment = ["TABHOST_TEST_TAGS": "slow"]
        #expect(TagSelection.reasonToSkip([.tmux, .slow], environment: environment) == nil)
        #expect(TagSelection.reasonToSkip([.browser], environment: environment) == "none of its tags is in TABHOST_TEST_TAGS")
    }

    @Test func withNothingSetEveryTestRuns() {
        #expect(TagSelection.reasonToSkip([.tmux, .slow, .browser], environment: [:]) == nil)
    }
}
