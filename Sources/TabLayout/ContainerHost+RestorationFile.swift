import FoundationEssentials
import TabKit

extension ContainerHost {
    /// Restores the bytes of a `--state` file: `RestorationState.decode`, then `restore(_:)`.
    /// Throws for malformed data (one line saying where and what to do).
    @discardableResult
    public func restore(from data: Data) throws(TabKitError) -> [TabKitError] {
        restore(try RestorationState.decode(data))
    }
}
