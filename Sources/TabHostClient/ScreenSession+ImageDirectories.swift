extension ScreenSession {
    /// None: a session that does not say where its modules' files are has no image file served.
    public var imageDirectories: [String] { [] }
}
