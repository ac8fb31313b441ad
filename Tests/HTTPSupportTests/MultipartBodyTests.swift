import ChanceryTestSupport
import Foundation
import HTTPSupport
import Testing

@Suite("Multipart bodies")
struct MultipartBodyTests {
    @Test("the boundary comes from the content type, quoted or not")
    func boundary() {
        #expect(MultipartBody.boundary(ofContentType: "multipart/form-data; boundary=abc") == "abc")
        #expect(MultipartBody.boundary(ofContentType: "multipart/related; type=\"application/json\"; boundary=\"a b\"") == "a b")
        #expect(MultipartBody.boundary(ofContentType: "application/json") == nil)
    }

    @Test("parts keep their headers and exact bytes, including line breaks inside them")
    func parts() throws {
        let body = Data(
            ("preamble\r\n--XYZ\r\nContent-Disposition: form-data; name=\"params\"\r\nContent-Type: application/json\r\n\r\n{\"a\":1}\r\n"
                + "--XYZ\r\nContent-Disposition: form-data; name=\"input\"; filename=\"r\u{e9}sum\u{e9}.txt\"\r\nContent-Type: text/plain\r\n\r\nline 1\r\nline 2\r\n"
                + "--XYZ--\r\n").utf8)
        let parts = try MultipartBody.parts(of: body, boundary: "XYZ")
        #expect(parts.count == 2)
        #expect(parts[0].name == "params")
        #expect(String(decoding: parts[0].body, as: UTF8.self) == "{\"a\":1}")
        #expect(parts[1].fileName == "r\u{e9}sum\u{e9}.txt")
        #expect(parts[1].contentType == "text/plain")
        #expect(String(decoding: parts[1].body, as: UTF8.self) == "line 1\r\nline 2")
    }

    @Test("bodies without the boundary or with broken headers are errors, never crashes")
    func malformed() {
        #expect(throws: MultipartError.missingBoundary) { try MultipartBody.parts(of: Data("no parts".utf8), boundary: "XYZ") }
        #expect(throws: MultipartError.malformedPart) { try MultipartBody.parts(of: Data("--XYZ\r\nbroken header\r\n--XYZ--".utf8), boundary: "XYZ") }
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<2000 {
            let length = Int(generator.next() % 64)
            var bytes = Array("--B\r\n".utf8)
            let alphabet = Array("-B\r\n:ab".utf8)
            for _ in 0..<length { bytes.append(alphabet[Int(generator.next() % UInt64(alphabet.count))]) }
            let result = Result { try MultipartBody.parts(of: Data(bytes), boundary: "B") }
            if case .failure(let error) = result { #expect(error is MultipartError) }
        }
    }
}
