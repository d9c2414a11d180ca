/// The result of a screen that went, on its way to the controller that pushed or presented it.
struct PendingResult {
    /// Who gets it (nothing is delivered once it is gone or has left the tree).
    weak var presenter: (any Controller)?
    /// The module name of the screen that went.
    var module: String
    /// What it gave `finish`; nil when it went another way (the user went Back, a pop, a dismiss).
    var value: String?
}
