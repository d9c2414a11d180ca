import TabKit

/// The problems a layout check found, in the order it found them (a class: the reader's
/// non-mutating checks append to it).
final class LayoutProblems {
    private(set) var errors: [TabKitError] = []

    package func append(_ error: TabKitError) { errors.append(error) }
}
