import Telemetry
import Testing

@Suite struct TelemetryDataFilterTests {
    private func id(_ name: String, _ type: String = "float64") -> TelemetryDataID {
        TelemetryDataID(name: name, type: type)
    }

    @Test func exactPatternsMatchOnlyTheSameNameAndType() {
        let filter = TelemetryDataFilter(name: "1/speed", type: "float64")
        #expect(filter.matches(id("1/speed")))
        #expect(!filter.matches(id("1/speed", "int64")))
        #expect(!filter.matches(id("1/speed/x")))
        #expect(!filter.matches(id("1/spee")))
    }

    @Test func hashMatchesAnyNumberOfRemainingLevelsIncludingNone() {
        let filter = TelemetryDataFilter(name: "1/#", type: "#")
        #expect(filter.matches(id("1/speed")))
        #expect(filter.matches(id("1/a/b/c", "h264_frame/idr_frame")))
        #expect(filter.matches(id("1")))
        #expect(!filter.matches(id("2/speed")))
        #expect(TelemetryDataFilter.all.matches(id("", "")))
    }

    @Test func plusMatchesExactlyOneLevel() {
        let filter = TelemetryDataFilter(name: "+/speed", type: "float64")
        #expect(filter.matches(id("1/speed")))
        #expect(filter.matches(id("/speed")))
        #expect(!filter.matches(id("1/2/speed")))
        #expect(!filter.matches(id("speed")))
        let typeFilter = TelemetryDataFilter(name: "#", type: "h264_frame/+")
        #expect(typeFilter.matches(id("1/video", "h264_frame/idr_frame")))
        #expect(!typeFilter.matches(id("1/video", "h264_frame")))
    }

    @Test func malformedPatternsAreReported() {
        #expect(TelemetryDataFilter(name: "1/#", type: "#").problem == nil)
        #expect(TelemetryDataFilter(name: "+/+/x", type: "float64").problem == nil)
        #expect(TelemetryDataFilter(name: "#/1", type: "#").problem != nil)
        #expect(TelemetryDataFilter(name: "1/a#", type: "#").problem != nil)
        #expect(TelemetryDataFilter(name: "1/a+", type: "#").problem != nil)
        #expect(TelemetryDataFilter(name: "", type: "#").problem != nil)
        #expect(TelemetryDataFilter(name: "#", type: "float#").problem != nil)
    }
}
