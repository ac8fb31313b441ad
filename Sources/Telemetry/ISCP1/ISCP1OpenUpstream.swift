/// An upstream an iSCP 1.0 client opened on its connection: where its units go, and the
/// section being received.
struct ISCP1OpenUpstream {
    /// A section between its SOS and EOS markers.
    struct Section {
        /// The serial number its SOS marker gave.
        let serialNumber: UInt32
        /// Its points, kept for storing at EOS (empty when the upstream does not store).
        var points = ISCP1DataPointBatch()
        /// Why part of it could not be stored (a base time), which makes its ack NG.
        var recordingFailure: (any Error)?
    }

    /// The stream id the client gave.
    let streamID: UInt8
    /// Where its chunks come from, for the broker and the recorder.
    let upstream: TelemetryUpstream
    /// Whether its sections are stored before they are acknowledged.
    let stores: Bool
    /// The section being received, if an SOS marker came and its EOS did not yet.
    var section: Section?
    /// The serial number of the latest section, the sequence number of what it publishes.
    var latestSerialNumber: UInt32 = 0
    /// Points received but not published yet: the units of the current WebSocket message.
    var unpublished = ISCP1DataPointBatch()
    /// How many points it published.
    var publishedPoints: UInt64 = 0
}
