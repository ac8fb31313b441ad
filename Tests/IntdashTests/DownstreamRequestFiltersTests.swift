import ISCP
import Testing

@testable import Intdash

/// Downstream filters become the iSCP 1.0 filter payloads of spec §2.4, which pass the units
/// they name and no others.
@Suite struct DownstreamRequestFiltersTests {
    /// A unit of `value` on `channel`.
    private func unit(_ value: IntdashData, channel: UInt8 = 1) throws -> ISCP1Unit {
        ISCP1Unit(
            streamID: 3, channel: channel, rawDataType: value.dataType.rawValue,
            elapsedTime: ISCP1ElapsedTime(seconds: 0, fraction: 0, precision: .milliseconds), payload: try value.payloadBytes()
        )
    }

    @Test func filtersPassWhatTheyName() throws {
        let filters = IntdashClient.DownstreamManager.RequestFilters()
        filters.append(streamId: 3, channelNum: 1, dataType: .float, id: "speed")
        filters.append(streamId: 3, channelNum: 1, dataType: .can, ids: [0x123, UInt32(0x456)])
        filters.append(streamId: 3, channelNum: 2, dataType: .nmea, id: "GPRMC")
        filters.append(streamId: 3, channelNum: 1, dataType: .jpeg, id: nil)
        #expect(filters.problem == nil)
        let streamFilter = ISCP1StreamFilter(streamID: 3, dataFilters: try #require(filters.filters[3]))

        #expect(streamFilter.passes(try unit(IntdashData.DataFloat(id: "speed", data: 1))))
        #expect(!streamFilter.passes(try unit(IntdashData.DataFloat(id: "rpm", data: 1))))
        #expect(!streamFilter.passes(try unit(IntdashData.DataFloat(id: "speed", data: 1), channel: 2)))
        #expect(streamFilter.passes(try unit(IntdashData.DataCAN(id: 0x456, dlc: 0, data: []))))
        #expect(!streamFilter.passes(try unit(IntdashData.DataCAN(id: 0x457, dlc: 0, data: []))))
        #expect(streamFilter.passes(try unit(IntdashData.DataNMEA(nmeaString: "$GPRMC,1,2"), channel: 2)))
        #expect(!streamFilter.passes(try unit(IntdashData.DataNMEA(nmeaString: "$GPGGA,1,2"), channel: 2)))
        #expect(streamFilter.passes(try unit(IntdashData.DataJPEG(data: [1]))))

        // The filter survives the wire.
        let request = ISCP1Element.downstreamFilterRequest(ISCP1DownstreamFilterRequest(requestID: 0, streamFilters: [streamFilter]))
        #expect(try ISCP1Decoder().decode(try ISCP1Encoder().encode([request])) == [request])
    }

    @Test func idsThatDoNotSuitTheTypeAreAProblem() {
        let filters = IntdashClient.DownstreamManager.RequestFilters()
        filters.append(streamId: 1, channelNum: 1, dataType: .can, id: "speed")
        #expect(filters.problem != nil)
        let channels = IntdashClient.DownstreamManager.RequestFilters()
        channels.append(streamId: 1, channelNum: 256, dataType: .float, id: nil)
        #expect(channels.problem != nil)
    }

    @Test func dataPointQueriesUseTheSDKsFormats() {
        let filters = IntdashClient.DataPointsAPI.RequestFilters()
        filters.append(dataType: .float, channelNum: 1, id: "speed")
        filters.append(dataType: .can, channelNum: 2, ids: [0x1ab])
        filters.append(dataType: .int, channelNum: 3, id: nil)
        filters.append(dataType: .nmea, channelNum: nil, id: nil)
        #expect(filters.queries == ["11:1/speed", "1:2/000001ab", "12:3/*", "2:*/*"])
    }
}
