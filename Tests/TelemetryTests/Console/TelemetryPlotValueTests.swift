import Testing

@testable import Telemetry

/// Which payloads the console plots as numbers.
@Suite("Telemetry plot values")
struct TelemetryPlotValueTests {
    @Test("Big-endian floats and integers of their exact sizes are numbers")
    func numericTypes() {
        #expect(TelemetryPlotValue.number(type: "float64", payload: [0x40, 0x09, 0x21, 0xfb, 0x54, 0x44, 0x2d, 0x18]) == Double.pi)
        #expect(TelemetryPlotValue.number(type: "float32", payload: [0x3f, 0xc0, 0, 0]) == 1.5)
        #expect(TelemetryPlotValue.number(type: "int64", payload: [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe]) == -2)
        #expect(TelemetryPlotValue.number(type: "int16", payload: [0xff, 0x38]) == -200)
        #expect(TelemetryPlotValue.number(type: "uint16", payload: [0xff, 0x38]) == 65336)
        #expect(TelemetryPlotValue.number(type: "int8", payload: [0x80]) == -128)
        #expect(TelemetryPlotValue.number(type: "string", payload: ArraySlice(" 12.5 ".utf8)) == 12.5)
    }

    @Test("Other payloads, wrong sizes and non-finite values have no number")
    func others() {
        #expect(TelemetryPlotValue.number(type: "float64", payload: [1, 2, 3]) == nil)
        #expect(TelemetryPlotValue.number(type: "float64", payload: [0x7f, 0xf8, 0, 0, 0, 0, 0, 0]) == nil)
        #expect(TelemetryPlotValue.number(type: "int32", payload: [1, 2]) == nil)
        #expect(TelemetryPlotValue.number(type: "int12", payload: [1, 2]) == nil)
        #expect(TelemetryPlotValue.number(type: "string", payload: ArraySlice("fast".utf8)) == nil)
        #expect(TelemetryPlotValue.number(type: "bytes", payload: [1, 2, 3, 4, 5, 6, 7, 8]) == nil)
        #expect(TelemetryPlotValue.number(type: "can", payload: []) == nil)
    }
}
