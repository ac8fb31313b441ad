/// What the broker hands a downstream subscription.
public enum TelemetryDownstreamEvent: Hashable, Sendable {
    /// Data that passed the subscription's filters (only the groups that passed).
    case chunk(TelemetryChunk)
    /// Metadata from a node the subscription watches.
    case metadata(TelemetryMetadata, sourceNodeID: String)
}
