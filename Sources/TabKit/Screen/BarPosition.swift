/// Where a tab container draws its bar.
public enum BarPosition: String, Sendable, Hashable, Codable, CaseIterable {
    /// Above the content, under the title bar.
    case top
    /// Below the content (the UIKit default).
    case bottom
}
