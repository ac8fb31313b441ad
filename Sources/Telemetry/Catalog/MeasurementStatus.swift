/// Where a measurement is in its life, derived from its `ended` and `completed` flags.
public enum MeasurementStatus: String, Sendable, Hashable, CaseIterable {
    /// Data is still being acquired (not ended).
    case measuring
    /// Acquisition has ended; data that was missed may still be resent (ended, not completed).
    case resending
    /// Every piece of data has arrived (ended and completed).
    case finished

    /// The status of a measurement with these flags.
    public init(ended: Bool, completed: Bool) {
        self = !ended ? .measuring : (completed ? .finished : .resending)
    }
}
