/// A controller whose content may hold lazy lists (ABI 1.3's `list`): it draws the rows a front end
/// shows (`ScreenAction.showRows`).
public protocol ListWindowing: AnyObject {
    /// Draws rows `rows` of the lazy list `list` from the next rendering on.
    func showRows(of list: String, rows: Range<Int>)
}
