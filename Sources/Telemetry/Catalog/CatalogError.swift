/// Why the telemetry catalog refused a request.
public enum CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No edge with this UUID, or none the caller may see.
    case edgeNotFound(String)
    /// No measurement with this UUID, or none the caller may see.
    case measurementNotFound(String)
    /// The measurement has no base time of this type.
    case baseTimeNotFound(measurement: String, type: String)
    /// No marker with this UUID, or none the caller may see.
    case markerNotFound(String)
    /// No signal with this UUID.
    case signalNotFound(String)
    /// Another edge already has this name.
    case edgeNameTaken(String)
    /// Another signal already has this label.
    case signalLabelTaken(String)
    /// A measurement with this UUID exists already.
    case measurementExists(String)
    /// A protected measurement cannot be deleted.
    case measurementProtected(String)
    /// The caller may not do this at all (for example an edge creating edges).
    case forbidden(String)
    /// A value of the request is not acceptable.
    case invalid(String)

    public var description: String {
        switch self {
        case .edgeNotFound(let uuid): return "edge \(uuid) not found"
        case .measurementNotFound(let uuid): return "measurement \(uuid) not found"
        case .baseTimeNotFound(let measurement, let type): return "measurement \(measurement) has no \(type) base time"
        case .markerNotFound(let uuid): return "marker \(uuid) not found"
        case .signalNotFound(let uuid): return "signal \(uuid) not found"
        case .edgeNameTaken(let name): return "an edge named \(name) exists already"
        case .signalLabelTaken(let label): return "a signal labelled \(label) exists already"
        case .measurementExists(let uuid): return "measurement \(uuid) exists already"
        case .measurementProtected(let uuid): return "measurement \(uuid) is protected; unprotect it first"
        case .forbidden(let reason): return reason
        case .invalid(let reason): return reason
        }
    }
}
