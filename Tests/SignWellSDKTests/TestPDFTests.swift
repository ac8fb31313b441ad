import ChanceryTestSupport
import Foundation
import Testing

/// The test PDFs are valid: qpdf, which checks every cross-reference offset, accepts them.
@Suite struct TestPDFTests {
    @Test func qpdfAcceptsTheTestPDF() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("signwell-test-\(UUID().uuidString).pdf")
        try TestPDF.make(pageCount: 2).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try await Subprocess.run("/usr/bin/env", ["qpdf", "--check", url.path], errors: .intoOutput)
        let printed = result.outputText
        #expect(result.status == 0, "qpdf --check: \(printed)")
        #expect(printed.contains("No syntax or stream encoding errors found"))
        #expect(!printed.contains("WARNING"))
    }
}
