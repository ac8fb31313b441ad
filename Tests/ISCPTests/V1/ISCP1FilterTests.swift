import ISCP
import Testing

/// Which units pass which downstream filters.
@Suite struct ISCP1FilterTests {
    /// A unit on `channel` carrying `payload`.
    func unit(_ payload: ISCP1Payload, channel: UInt8 = 1) throws -> ISCP1Unit {
        try ISCP1Unit(
            streamID: 1, channel: channel, elapsedTime: ISCP1ElapsedTime(seconds: 0, fraction: 0, precision: .milliseconds), payload: payload)
    }

    func can(_ id: UInt32) throws -> ISCP1Unit {
        try unit(.can(ISCP1CANFrame(id: id, data: [1, 2])))
    }

    @Test func canMasks() throws {
        let exact = ISCP1DataFilter(channel: 1, dataType: .can, condition: .masks([ISCP1MaskRule(mask: 0xffff_ffff, result: 0x1a0)]))
        #expect(exact.passes(try can(0x1a0)))
        #expect(!exact.passes(try can(0x1a1)))

        let range = ISCP1DataFilter(channel: 1, dataType: .can, condition: .masks([ISCP1MaskRule(mask: 0x7f0, result: 0x1a0)]))
        #expect(range.passes(try can(0x1af)))
        #expect(!range.passes(try can(0x1b0)))

        // The first matching rule decides: reject 0x1a0, accept everything else.
        let allButOne = ISCP1DataFilter(
            channel: 1, dataType: .can,
            condition: .masks([ISCP1MaskRule(mask: 0xffff_ffff, result: 0x1a0, accept: false), ISCP1MaskRule(mask: 0, result: 0)])
        )
        #expect(!allButOne.passes(try can(0x1a0)))
        #expect(allButOne.passes(try can(0x1a1)))

        let nothing = ISCP1DataFilter(channel: 1, dataType: .can, condition: .masks([]))
        #expect(!nothing.passes(try can(0x1a0)))

        // A CAN unit whose payload is too short to hold an id passes no mask filter.
        let broken = ISCP1Unit(
            streamID: 1, channel: 1, dataType: .can, elapsedTime: ISCP1ElapsedTime(seconds: 0, fraction: 0, precision: .milliseconds), payload: [0xa0]
        )
        #expect(!range.passes(broken))
        #expect(ISCP1DataFilter(channel: 1, dataType: .can).passes(broken))
    }

    @Test func nmeaMasksCompareTheFiveCharactersAfterTheDollar() throws {
        // As intdash-py's NMEA.from_ids(["GPRMC"]) builds it.
        let rule = ISCP1MaskRule(mask: 0xff_ffff_ffff, result: 0x43_4d52_5047)
        let filter = ISCP1DataFilter(channel: 1, dataType: .nmea, condition: .masks([rule]))
        #expect(filter.passes(try unit(.nmea("$GPRMC,123519,A,4807.038,N*6A"))))
        #expect(!filter.passes(try unit(.nmea("$GPGGA,123519,4807.038,N*47"))))
        #expect(!filter.passes(try unit(.nmea("$GPR"))))
        // Any talker's RMC: mask out the two talker characters.
        let anyTalker = ISCP1DataFilter(channel: 1, dataType: .nmea, condition: .masks([ISCP1MaskRule(mask: 0xff_ffff_0000, result: 0x43_4d52_0000)]))
        #expect(anyTalker.passes(try unit(.nmea("$GNRMC,1*00"))))
        #expect(!anyTalker.passes(try unit(.nmea("$GNGGA,1*00"))))
    }

    @Test func generalSensorAndGenericMasks() throws {
        let sensor = ISCP1DataFilter(channel: 1, dataType: .generalSensor, condition: .masks([ISCP1MaskRule(mask: 0xffff, result: 0x0102)]))
        #expect(sensor.passes(try unit(.generalSensor(ISCP1GeneralSensorReading(sensorID: 0x0102, data: [0])))))
        #expect(!sensor.passes(try unit(.generalSensor(ISCP1GeneralSensorReading(sensorID: 0x0201, data: [0])))))

        let generic = ISCP1DataFilter(channel: 1, dataType: .generic, condition: .masks([ISCP1MaskRule(mask: 0xffff_ffff, result: 0xdead_beef)]))
        #expect(generic.passes(try unit(.generic(ISCP1GenericData(id: 0xdead_beef, data: [])))))
        #expect(!generic.passes(try unit(.generic(ISCP1GenericData(id: 0xdead_beee, data: [])))))
    }

    @Test func labelsMatchIDsByteForByte() throws {
        let speed = ISCP1DataFilter(channel: 1, dataType: .float, condition: .labels(["speed", "rpm"]))
        #expect(speed.passes(try unit(.float(ISCP1IdentifiedValue(id: "speed", value: 1)))))
        #expect(speed.passes(try unit(.float(ISCP1IdentifiedValue(id: "rpm", value: 1)))))
        #expect(!speed.passes(try unit(.float(ISCP1IdentifiedValue(id: "speed2", value: 1)))))

        let text = ISCP1DataFilter(channel: 1, dataType: .string, condition: .labels(["caf\u{e9}"]))
        #expect(text.passes(try unit(.string(ISCP1IdentifiedValue(id: "caf\u{e9}", value: "")))))
        // Canonically equivalent but other bytes: not the same id.
        #expect(!text.passes(try unit(.string(ISCP1IdentifiedValue(id: "cafe\u{301}", value: "")))))

        let int = ISCP1DataFilter(channel: 1, dataType: .int, condition: .labels(["x"]))
        #expect(int.passes(try unit(.int(ISCP1IdentifiedValue(id: "x", value: 42)))))
        #expect(!int.passes(try unit(.int(ISCP1IdentifiedValue(id: "y", value: 42)))))

        let bytes = ISCP1DataFilter(channel: 1, dataType: .bytes, condition: .labels([""]))
        #expect(bytes.passes(try unit(.bytes(ISCP1IdentifiedValue(id: "", value: [1])))))
        #expect(!bytes.passes(try unit(.bytes(ISCP1IdentifiedValue(id: "b", value: [1])))))
    }

    @Test func anyPassesEveryUnitOfItsChannelAndDataType() throws {
        let jpeg = ISCP1DataFilter(channel: 2, dataType: .jpeg)
        #expect(jpeg.condition == .any)
        #expect(jpeg.passes(try unit(.jpeg([0xff]), channel: 2)))
        #expect(!jpeg.passes(try unit(.jpeg([0xff]), channel: 3)))
        #expect(!jpeg.passes(try unit(.aac([0xff]), channel: 2)))
        let unknown = ISCP1DataFilter(channel: 2, rawDataType: 0x42)
        #expect(unknown.passes(try unit(.opaque(rawDataType: 0x42, bytes: []), channel: 2)))
    }

    @Test func aStreamFilterPassesWhatAnyOfItsEntriesPasses() throws {
        // The filter request intdash-py 2.1.1 encodes for CAN 000001a0 on channel 1, Float
        // speed/rpm on channel 5 and any JPEG on channel 6 (see ISCP1IntdashPyVectorTests).
        let hex = "aa86020109" + "0300" + "01010a0001ffffffffa001000001" + "050b0b00020573706565640372706d" + "06090000"
        guard case .downstreamFilterRequest(let request) = try decodeOneISCP1Element(hex), let filter = request.streamFilters.first else {
            Issue.record("not a filter request")
            return
        }
        #expect(filter.streamID == 9)
        #expect(filter.passes(try can(0x1a0)))
        #expect(!filter.passes(try can(0x1a1)))
        #expect(filter.passes(try unit(.float(ISCP1IdentifiedValue(id: "rpm", value: 3000)), channel: 5)))
        #expect(!filter.passes(try unit(.float(ISCP1IdentifiedValue(id: "rpm", value: 3000)), channel: 1)))
        #expect(filter.passes(try unit(.jpeg([0xff, 0xd8]), channel: 6)))
        #expect(!filter.passes(try unit(.nmea("$GPRMC"), channel: 6)))
        #expect(!ISCP1StreamFilter(streamID: 9, dataFilters: []).passes(try can(0x1a0)))
    }
}
