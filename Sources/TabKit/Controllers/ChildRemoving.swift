/// A container that can give up a child that is being moved to another parent (rule 3).
protocol ChildRemoving: AnyObject {
    /// Removes `child` without appearance calls beyond what its visibility requires.
    func removeChild(_ child: any Controller)
}
