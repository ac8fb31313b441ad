import ISCP
import Testing

/// The lines of a measurement's exports, and the CSV points `chancery stream up` reads back.
@Suite struct MeasurementExportPointTests {
    static func point(_ type: String, _ payload: [UInt8], time: String? = "2024-02-29T12:00:01.500000000Z") -> MeasurementExportPoint {
        MeasurementExportPoint(time: time, elapsedTime: 1_500_000_000, dataType: type, dataName: "1/speed", payload: payload)
    }

    @Test func linesOfEachType() {
        let float = Self.point("float64", [0x40, 0x09, 0x21, 0xFB, 0x54, 0x44, 0x2D, 0x18])
        #expect(float.csvLine == "2024-02-29T12:00:01.500000000Z,1.500000000,float64,1/speed,3.141592653589793")
        #expect(
            float.ndjsonLine
                == #"{"data_name":"1/speed","data_type":"float64","elapsed_time":1500000000,"time":"2024-02-29T12:00:01.500000000Z","value":3.141592653589793}"#
        )
        let integer = Self.point("int64", [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE], time: nil)
        #expect(integer.csvLine == ",1.500000000,int64,1/speed,-2")
        #expect(integer.ndjsonLine == #"{"data_name":"1/speed","data_type":"int64","elapsed_time":1500000000,"time":null,"value":-2}"#)
        #expect(Self.point("string", Array("a, b/\"c\"".utf8)).ndjsonLine.hasSuffix(#""value":"a, b/\"c\""}"#))
        #expect(Self.point("can", [0x01, 0xAB]).csvLine.hasSuffix(",can,1/speed,01ab"))
        // A float64 of the wrong length and a string that is not UTF-8 are written in hexadecimal.
        #expect(Self.point("float64", [1, 2]).csvLine.hasSuffix(",float64,1/speed,0102"))
        #expect(Self.point("string", [0xFF]).ndjsonLine.hasSuffix(#""value":"ff"}"#))
    }

    @Test func csvLinesReadBackToTheSamePoint() throws {
        for point in [Self.point("float64", [0xC0, 0, 0, 0, 0, 0, 0, 0]), Self.point("string", Array("x,y".utf8)), Self.point("bytes", [9, 8])] {
            let line = try #require(try TelemetryPointText.parse(point.csvLine.drop { $0 != "," }.dropFirst()))
            #expect(line.elapsedTime == point.elapsedTime && line.dataType == point.dataType && line.payload == point.payload)
        }
        #expect(throws: TelemetryPointTextError.self) { try TelemetryPointText.parse("1.5,int64,1/x,twelve") }
        #expect(try TelemetryPointText.parse(Substring(MeasurementExportPoint.csvHeader.split(separator: ",", maxSplits: 1)[1])) == nil)
    }
}
