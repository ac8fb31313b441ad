import Foundation

/// Where a measurement's notarization stands: queued when the measurement ended, then done
/// with its report, or still failing.
public struct MeasurementNotarization: Sendable, Equatable {
    /// The measurement's UUID.
    public let measurementUUID: String
    /// When it was queued (when the measurement ended).
    public let queuedAt: Date
    /// When the report was made; `nil` while it is not.
    public let notarizedAt: Date?
    /// The report's id, once made.
    public let reportID: String?
    /// The SHA-256 (hex) of the measurement's NDJSON export, once made.
    public let sha256: String?
    /// How many points the export held.
    public let pointCount: Int?
    /// The path of the report's public verify page.
    public let verifyPath: String?
    /// The error of the last failed attempt, if any.
    public let lastError: String?

    /// Describes a notarization.
    public init(
        measurementUUID: String, queuedAt: Date, notarizedAt: Date?, reportID: String?, sha256: String?, pointCount: Int?, verifyPath: String?,
        lastError: String?
    ) {
        self.measurementUUID = measurementUUID
        self.queuedAt = queuedAt
        self.notarizedAt = notarizedAt
        self.reportID = reportID
        self.sha256 = sha256
        self.pointCount = pointCount
        self.verifyPath = verifyPath
        self.lastError = lastError
    }
}
