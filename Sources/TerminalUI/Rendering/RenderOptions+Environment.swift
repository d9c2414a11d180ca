#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension RenderOptions {
    /// Options from this process's environment (NO_COLOR).
    public static var current: RenderOptions {
        let value = getenv("NO_COLOR").map { String(cString: $0) } ?? ""
        return fromEnvironment(["NO_COLOR": value])
    }
}
