import Foundation
import ISCP

/// Writes the `DownstreamChunk` frames of a downstream straight from the broker's chunks,
/// without building generated messages: the hot path of the endpoint.
///
/// A frame is byte for byte what ``ISCP2MessageCodec`` writes for the same message: fields in
/// field-number order, fields holding their default value left out except the members of a
/// oneof and the stream chunk, which are always set. The sizes of the nested messages are
/// computed first, so the frame is written in one pass into memory of its exact size.
struct ISCP2DownstreamChunkWriter {
    /// How the chunk names its upstream.
    enum Upstream {
        /// By the alias the client gave it.
        case alias(UInt32)
        /// In full, until the client gives it an alias.
        case info(TelemetryUpstream)
    }

    /// The frame of a `Message { downstream_chunk = 134 }` carrying `chunk` on the stream
    /// `streamAlias`; a group's data id goes as the alias `dataIDAlias` gives, or in full.
    static func frame(
        streamAlias: UInt32, upstream: Upstream, chunk: TelemetryChunk, dataIDAlias: (TelemetryDataID) -> UInt32?
    ) -> [UInt8] {
        let groupKeys = chunk.groups.map { group in dataIDAlias(group.dataID).map(GroupKey.alias) ?? .dataID(group.dataID) }
        let groupSizes = zip(chunk.groups, groupKeys).map { groupSize($0, key: $1) }
        let streamChunkSize =
            (chunk.sequenceNumber == 0 ? 0 : 1 + W.varintSize(UInt64(chunk.sequenceNumber)))
            + groupSizes.reduce(0) { $0 + W.lengthDelimitedSize(2, bodySize: $1) }
        let upstreamInfoSize: Int
        let upstreamSize: Int
        switch upstream {
        case .alias(let alias):
            upstreamInfoSize = 0
            upstreamSize = 1 + W.varintSize(UInt64(alias))
        case .info(let info):
            upstreamInfoSize = stringSize(1, info.sessionID) + 18 + stringSize(3, info.sourceNodeID)
            upstreamSize = W.lengthDelimitedSize(2, bodySize: upstreamInfoSize)
        }
        let bodySize =
            (streamAlias == 0 ? 0 : 1 + W.varintSize(UInt64(streamAlias))) + upstreamSize
            + W.lengthDelimitedSize(4, bodySize: streamChunkSize)
        let frameSize = W.lengthDelimitedSize(134, bodySize: bodySize)
        return [UInt8](unsafeUninitializedCapacity: frameSize) { buffer, initialized in
            var writer = W(buffer)
            writer.tag(134, .lengthDelimited)
            writer.varint(UInt64(bodySize))
            if streamAlias != 0 {
                writer.tag(1, .varint)
                writer.varint(UInt64(streamAlias))
            }
            switch upstream {
            case .alias(let alias):
                writer.tag(3, .varint)
                writer.varint(UInt64(alias))
            case .info(let info):
                writer.tag(2, .lengthDelimited)
                writer.varint(UInt64(upstreamInfoSize))
                writeString(1, info.sessionID, into: &writer)
                withUnsafeBytes(of: info.streamID.uuid) { writer.lengthDelimited(2, $0) }
                writeString(3, info.sourceNodeID, into: &writer)
            }
            writer.tag(4, .lengthDelimited)
            writer.varint(UInt64(streamChunkSize))
            if chunk.sequenceNumber != 0 {
                writer.tag(1, .varint)
                writer.varint(UInt64(chunk.sequenceNumber))
            }
            for (index, group) in chunk.groups.enumerated() {
                writer.tag(2, .lengthDelimited)
                writer.varint(UInt64(groupSizes[index]))
                switch groupKeys[index] {
                case .dataID(let dataID):
                    writer.tag(1, .lengthDelimited)
                    writer.varint(UInt64(dataIDSize(dataID)))
                    writeString(1, dataID.name, into: &writer)
                    writeString(2, dataID.type, into: &writer)
                case .alias(let alias):
                    writer.tag(2, .varint)
                    writer.varint(UInt64(alias))
                }
                group.dataPoints.write(to: &writer)
            }
            precondition(writer.count == frameSize, "a downstream chunk frame was sized wrong")
            initialized = writer.count
        }
    }

    private typealias W = ProtobufWireWriter

    private enum GroupKey {
        case dataID(TelemetryDataID)
        case alias(UInt32)
    }

    private static func groupSize(_ group: TelemetryDataPointGroup, key: GroupKey) -> Int {
        let keySize =
            switch key {
            case .dataID(let dataID): W.lengthDelimitedSize(1, bodySize: dataIDSize(dataID))
            case .alias(let alias): 1 + W.varintSize(UInt64(alias))
            }
        return keySize + group.dataPoints.wireSize
    }

    private static func dataIDSize(_ dataID: TelemetryDataID) -> Int {
        stringSize(1, dataID.name) + stringSize(2, dataID.type)
    }

    /// The size of string field `field` holding `value`: nothing when it is empty.
    private static func stringSize(_ field: UInt64, _ value: String) -> Int {
        value.isEmpty ? 0 : W.lengthDelimitedSize(field, bodySize: value.utf8.count)
    }

    private static func writeString(_ field: UInt64, _ value: String, into writer: inout W) {
        if !value.isEmpty { writer.lengthDelimited(field, value.utf8) }
    }
}
