import Foundation
import PDF
import Testing

@Suite struct PDFDateTests {
    @Test func utcIsWrittenWithZ() {
        #expect(PDFDate(Date(timeIntervalSince1970: 0)).text == "D:19700101000000Z")
        #expect(PDFDate(Date(timeIntervalSince1970: 1_741_944_413.999)).text == "D:20250314092653Z")
    }

    @Test func offsetsShowLocalTimeAndTheOffset() {
        let moment = Date(timeIntervalSince1970: 1_741_944_413)
        #expect(PDFDate(moment, utcOffsetMinutes: 60).text == "D:20250314102653+01'00'")
        #expect(PDFDate(moment, utcOffsetMinutes: -330).text == "D:20250314035653-05'30'")
    }

    @Test func datesBeforeTheEpoch() {
        #expect(PDFDate(Date(timeIntervalSince1970: -1)).text == "D:19691231235959Z")
    }
}
