import Foundation

/// Why the telemetry data store could not store or read something.
public enum TelemetryDataStoreError: Error, Hashable, CustomStringConvertible {
    /// A chunk that the record layout cannot hold (a name longer than 65,535 bytes, a payload
    /// or a record of 4 GiB or more).
    case unstorable(String)
    /// A stored record whose bytes are not what was written: torn, truncated or changed.
    case corruptRecord(String)
    /// A file operation failed.
    case io(operation: String, path: String, errno: Int32)

    public var description: String {
        switch self {
        case .unstorable(let reason): "the chunk cannot be stored: \(reason)"
        case .corruptRecord(let reason): "a stored chunk is corrupt: \(reason)"
        case .io(let operation, let path, let errno): "\(operation) \(path) failed: \(String(cString: strerror(errno)))"
        }
    }

    /// The same error with the place of a corrupt record added to its reason.
    func located(_ place: String) -> TelemetryDataStoreError {
        guard case .corruptRecord(let reason) = self else { return self }
        return .corruptRecord("\(reason) (\(place))")
    }
}
