import ISCP

extension IntdashClient.DownstreamManager {
    /// Which units downstreams receive: per stream, a channel and data type, and optionally
    /// the data ids. A stream no filter names receives everything.
    ///
    /// ```swift
    /// let filters = IntdashClient.DownstreamManager.RequestFilters()
    /// filters.append(streamId: stream, channelNum: 1, dataType: .float, id: "speed")
    /// filters.append(streamId: stream, channelNum: 1, dataType: .can, ids: [0x123, 0x456])
    /// ```
    public final class RequestFilters {
        /// The data filters of each stream.
        private(set) var filters: [UInt8: [ISCP1DataFilter]] = [:]
        /// The first problem met while adding filters, reported by `sync`.
        private(set) var problem: String?

        /// Creates an empty set of filters.
        public init() {}

        /// Lets stream `streamId` receive the units of `dataType` on channel `channelNum` with
        /// data id `id`, or with any id when `id` is `nil`.
        ///
        /// An id is a string for String, Float, Int and Bytes units and for NMEA (the 5
        /// characters after `$`, such as `GPRMC`); a number for CAN, Generic and
        /// GeneralSensor. Other types filter by channel and type only.
        public func append(streamId: Int, channelNum: Int, dataType: IntdashDataType, id: Any?) {
            append(streamId: streamId, channelNum: channelNum, dataType: dataType, ids: id.map { [$0] } ?? [])
        }

        /// Lets stream `streamId` receive the units of `dataType` on channel `channelNum` whose
        /// data id is one of `ids`, or any id when `ids` is empty.
        public func append(streamId: Int, channelNum: Int, dataType: IntdashDataType, ids: [Any]) {
            guard let streamID = UInt8(exactly: streamId), let channel = UInt8(exactly: channelNum) else {
                problem = problem ?? "stream \(streamId) or channel \(channelNum) is not between 0 and 255"
                return
            }
            guard let condition = Self.condition(dataType: dataType, ids: ids) else {
                problem = problem ?? "the ids \(ids) do not suit data type \(dataType)"
                return
            }
            filters[streamID, default: []].append(ISCP1DataFilter(channel: channel, rawDataType: dataType.rawValue, condition: condition))
        }

        /// The condition for `ids` of `dataType`, or `nil` when they do not suit it.
        static func condition(dataType: IntdashDataType, ids: [Any]) -> ISCP1FilterCondition? {
            guard !ids.isEmpty else { return .any }
            switch dataType {
            case .string, .float, .int, .bytes:
                let labels = ids.compactMap { $0 as? String }
                return labels.count == ids.count ? .labels(labels) : nil
            case .can, .generic, .generalSensor:
                let width = dataType == .generalSensor ? 16 : 32
                let numbers = ids.compactMap { IntdashJSONField.integer($0, as: UInt64.self) }
                guard numbers.count == ids.count, numbers.allSatisfy({ $0 >> width == 0 }) else { return nil }
                return .masks(numbers.map { ISCP1MaskRule(mask: (1 << width) - 1, result: $0) })
            case .nmea:
                let names = ids.compactMap { $0 as? String }.map { Array($0.utf8) }
                guard names.count == ids.count, names.allSatisfy({ $0.count == 5 }) else { return nil }
                return .masks(
                    names.map { name in
                        ISCP1MaskRule(mask: 0xff_ffff_ffff, result: name.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * $1.offset) })
                    })
            default:
                return .any
            }
        }
    }
}
