import HTTPSupport
import HTTPTypes
import ISCP

/// One section of data a REST upload carries: iSCP 1.0 units between an SOS and an EOS marker
/// (`POST /v1/measurements/{uuid}/data`), or the data points of a `StoreProto` section
/// (`POST /v1/measurements/data`), acknowledged as a whole.
struct IntdashUploadSection: Sendable {
    /// The iSCP 1.0 stream the section was sent on (1 for protobuf uploads).
    let streamID: UInt8
    /// The section's serial number, the sequence number of the chunk it becomes.
    let serialNumber: UInt32
    /// Whether the section ends the measurement.
    let isFinal: Bool
    /// The units, in the order they were sent; their elapsed times are ``elapsedTimes``.
    let units: [ISCP1Unit]
    /// Each unit's elapsed time in nanoseconds, which for protobuf uploads may be negative.
    let elapsedTimes: [Int64]

    /// The sections of an iSCP 1.0 upload body: `SOS Unit* EOS`, any number of times.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 400 for bytes that are no iSCP 1.0 elements, for
    ///   elements other than markers and units, and for units outside a section or markers
    ///   that do not pair up.
    static func sections(ofISCP1Body body: [UInt8]) throws(APIError) -> [IntdashUploadSection] {
        let elements: [ISCP1Element]
        do {
            elements = try ISCP1Decoder().decode(body)
        } catch {
            throw APIError(.badRequest, "the body is not a sequence of iSCP 1.0 elements: \(error)")
        }
        var sections: [IntdashUploadSection] = []
        var open: (start: ISCP1StartOfSection, units: [ISCP1Unit])?
        for element in elements {
            switch element {
            case .startOfSection(let start):
                if let open { throw APIError(.badRequest, "section \(open.start.serialNumber) has no EOS before the next SOS") }
                open = (start, [])
            case .unit(let unit):
                guard let section = open, section.start.streamID == unit.streamID else {
                    throw APIError(.badRequest, "a unit of stream \(unit.streamID) is outside any section of its stream")
                }
                open?.units.append(unit)
            case .endOfSection(let end):
                guard let section = open, section.start.streamID == end.streamID, section.start.serialNumber == end.serialNumber else {
                    throw APIError(.badRequest, "EOS \(end.serialNumber) of stream \(end.streamID) ends no open section")
                }
                sections.append(
                    IntdashUploadSection(
                        streamID: end.streamID, serialNumber: end.serialNumber, isFinal: end.isFinal, units: section.units,
                        elapsedTimes: section.units.map { Int64(clamping: $0.elapsedTime.nanoseconds) }
                    ))
                open = nil
            default:
                throw APIError(.badRequest, "a \(element.elementType) element does not belong in a data upload")
            }
        }
        if let open { throw APIError(.badRequest, "section \(open.start.serialNumber) has no EOS") }
        return sections
    }

    /// The sections of a `StoreProto` upload: its own data points as section `serial_number`,
    /// then each of its `sections`. `meas_end` marks the last one final.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 400 for a channel or data type beyond 255.
    static func sections(of store: IntdashStoreProto) throws(APIError) -> [IntdashUploadSection] {
        var sections: [IntdashUploadSection] = []
        if !store.dataPoints.isEmpty || store.sections.isEmpty {
            sections.append(try section(serialNumber: store.serialNumber, points: store.dataPoints))
        }
        for section in store.sections {
            sections.append(try self.section(serialNumber: section.serialNumber, points: section.dataPoints))
        }
        guard store.measEnd, let last = sections.popLast() else { return sections }
        return sections + [
            IntdashUploadSection(
                streamID: last.streamID, serialNumber: last.serialNumber, isFinal: true, units: last.units, elapsedTimes: last.elapsedTimes)
        ]
    }

    /// The section of protobuf data points.
    private static func section(serialNumber: UInt32, points: [IntdashDataPointProto]) throws(APIError) -> IntdashUploadSection {
        var units: [ISCP1Unit] = []
        for (index, point) in points.enumerated() {
            guard let channel = UInt8(exactly: point.channel) else {
                throw APIError(.badRequest, "data point \(index) of section \(serialNumber): channel \(point.channel) is beyond 255")
            }
            guard let dataType = UInt8(exactly: point.dataType) else {
                throw APIError(.badRequest, "data point \(index) of section \(serialNumber): data type \(point.dataType) is beyond 255")
            }
            let elapsed = ISCP1ElapsedTime(nanoseconds: UInt64(max(0, point.elapsedTime)), precision: .nanoseconds)
            units.append(ISCP1Unit(streamID: 1, channel: channel, rawDataType: dataType, elapsedTime: elapsed, payload: [UInt8](point.dataPayload)))
        }
        return IntdashUploadSection(streamID: 1, serialNumber: serialNumber, isFinal: false, units: units, elapsedTimes: points.map(\.elapsedTime))
    }

    /// The section's data points grouped by data id (groups in the order their first point
    /// came), and the base times its base-time units set, as ``ISCP1DataMapping`` maps them.
    func contents(sessionID: String) -> (groups: [TelemetryDataPointGroup], baseTimes: [TelemetryBaseTime]) {
        var order: [TelemetryDataID] = []
        var points: [TelemetryDataID: [TelemetryDataPoint]] = [:]
        var baseTimes: [TelemetryBaseTime] = []
        for (unit, elapsed) in zip(units, elapsedTimes) {
            if let baseTime = ISCP1DataMapping.baseTime(of: unit, sessionID: sessionID) {
                baseTimes.append(baseTime)
                continue
            }
            guard let (dataID, point) = ISCP1DataMapping.dataPoint(of: unit) else { continue }
            if points[dataID] == nil { order.append(dataID) }
            points[dataID, default: []].append(TelemetryDataPoint(elapsedTime: elapsed, payload: point.payload))
        }
        return (order.map { TelemetryDataPointGroup(dataID: $0, dataPoints: points[$0]!) }, baseTimes)
    }
}
