import Crypto
import Storage

/// The NATS subjects telemetry travels on between instances, one pair per node:
/// `chancery.telemetry.events.<node>` for its data and metadata, and
/// `chancery.telemetry.calls.<node>` for the E2E calls addressed to it; and one,
/// `chancery.telemetry.iscp2.downstreams`, on which iSCP v2 downstreams change instance.
///
/// A node id made of lowercase hexadecimal digits and dashes (a UUID, as iSCP v2 and intdash
/// name nodes) is used as it is; any other is written as `x` and the SHA-256 of its UTF-8 in
/// hexadecimal, so that no id can bring a subject's separators or wildcards into it, nor
/// make it long.
enum TelemetryClusterSubject {
    /// Where the data and metadata of `nodeID` are published.
    static func events(of nodeID: String) -> String {
        "chancery.telemetry.events." + token(nodeID)
    }

    /// Where the calls to `nodeID` are sent.
    static func calls(to nodeID: String) -> String {
        "chancery.telemetry.calls." + token(nodeID)
    }

    /// Where an instance asks the others for a waiting iSCP v2 downstream that a resume
    /// request names (``ISCP2DownstreamHandoffs``).
    static let downstreamHandoffs = "chancery.telemetry.iscp2.downstreams"

    /// `nodeID` as one token of a subject.
    static func token(_ nodeID: String) -> String {
        let plain = !nodeID.isEmpty && nodeID.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || $0 == 0x2D }
        if plain { return nodeID }
        return "x" + SHA256.hash(data: Array(nodeID.utf8)).hex
    }
}
