import Foundation

/// An installed program that converts files, and how it is run: for at most ``timeLimit``
/// per conversion, each in a temporary directory made in ``scratchRoot`` (see
/// ``ConversionWorkspace``).
public struct ConversionProgram: Sendable {
    /// The program's path.
    public let executable: String
    /// How long one conversion may take.
    public let timeLimit: Duration
    /// The directory each conversion makes its temporary directory in.
    public let scratchRoot: URL

    /// Creates the program at `executable`, each conversion run for at most `timeLimit` in a
    /// temporary directory made in `scratchRoot`.
    public init(executable: String, timeLimit: Duration, scratchRoot: URL = FileManager.default.temporaryDirectory) {
        self.executable = executable
        self.timeLimit = timeLimit
        self.scratchRoot = scratchRoot
    }

}
