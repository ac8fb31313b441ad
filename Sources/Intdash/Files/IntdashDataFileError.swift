/// Why an ``IntdashDataFileManager`` could not do something.
public enum IntdashDataFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The directory already holds a measurement and overwriting was not asked for.
    case alreadyExists(String)
    /// The directory holds no measurement.
    case notFound(String)
    /// A timestamp was given before the base time was set.
    case baseTimeNotSet
    /// An elapsed time is negative or not a number.
    case invalidElapsedTime(Double)
    /// A unit file is damaged: which and how.
    case corrupted(String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .alreadyExists(let path): "a measurement is already stored at \(path)"
        case .notFound(let path): "no measurement is stored at \(path)"
        case .baseTimeNotSet: "the base time must be set before units are written by timestamp"
        case .invalidElapsedTime(let time): "elapsed time \(time) is not a non-negative number"
        case .corrupted(let problem): "damaged unit file: \(problem)"
        }
    }
}
