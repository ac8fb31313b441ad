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

    @Test func readingGivesBackTheMomentAndTheOffset() throws {
        let moment = Date(timeIntervalSince1970: 1_741_944_413)
        let local = try #require(PDFDate(text: "D:20250314102653+01'00'"))
        #expect(local.date == moment && local.utcOffsetMinutes == 60)
        #expect(PDFDate(text: "D:20250314035653-05'30'")?.date == moment)
        #expect(PDFDate(text: "20250314092653Z")?.date == moment)
        #expect(PDFDate(text: "D:20250314092653Z00'00'")?.date == moment)
    }

    @Test func missingFieldsTakeTheirEarliestValue() {
        #expect(PDFDate(text: "D:2025")?.text == "D:20250101000000Z")
        #expect(PDFDate(text: "D:202503")?.text == "D:20250301000000Z")
    }

    @Test func whatIsNotADateIsNil() {
        for text in ["", "D:", "hello", "D:20x5", "D:123", "D:2025031409265312", "D:20251301", "D:20250230", "D:2025013125"] {
            #expect(PDFDate(text: text) == nil, "\(text)")
        }
    }
}
