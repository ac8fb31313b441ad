import Foundation
import Testing

/// The test PDFs are valid: qpdf, which checks every cross-reference offset, accepts them.
@Suite struct TestPDFTests {
    @Test func qpdfAcceptsTheTestPDF() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("signwell-test-\(UUID().uuidString).pdf")
        try TestPDF.make(pageCount: 2).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["qpdf", "--check", url.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "qpdf --check: \(printed)")
        #expect(printed.contains("No syntax or stream encoding errors found"))
        #expect(!printed.contains("WARNING"))
    }
}
