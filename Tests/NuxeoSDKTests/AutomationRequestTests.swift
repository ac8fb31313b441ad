import ChanceryTestSupport
import Foundation
import Testing

@testable import NuxeoSDK

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What automation requests send, without a server.
struct AutomationRequestTests {
    static let session = NUXSession(serverURL: URL(string: "http://localhost:8080/nuxeo")!)

    @Test func jsonRequest() throws {
        let request = Self.session.requestOperation("Document.Create")
        request.input = "doc:/default-domain/workspaces"
        request.addParameterValue("Folder", forKey: "type").addParameterValue("reports", forKey: "name")
        request.addContextValue("/default-domain", forKey: "currentDocument")
        #expect(request.url.absoluteString == "http://localhost:8080/nuxeo/api/v1/automation/Document.Create")
        #expect(request.method == "POST")

        let transfer = try request.makeTransfer()
        #expect(transfer.url == request.url, "the parameters go in the body, not the query")
        #expect(transfer.contentType == "application/json+nxrequest")
        guard case .data(let body) = transfer.body else {
            Issue.record("expected a JSON body, got \(transfer.body)")
            return
        }
        let json = try NUXJSONValue(jsonData: body)
        #expect(
            json == [
                "input": "doc:/default-domain/workspaces",
                "params": ["type": "Folder", "name": "reports"],
                "context": ["currentDocument": "/default-domain"],
            ])
        let http = Self.session.urlRequest(for: request, transfer: transfer)
        #expect(http.httpMethod == "POST")
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json+nxrequest")
    }

    @Test func requestWithoutInputHasNone() throws {
        let transfer = try Self.session.requestOperation("Document.Fetch").addParameterValue("/", forKey: "value").makeTransfer()
        guard case .data(let body) = transfer.body else {
            Issue.record("expected a JSON body")
            return
        }
        #expect(try NUXJSONValue(jsonData: body) == ["params": ["value": "/"], "context": [:]])
    }

    @Test func fileInputIsMultipart() async throws {
        try await TemporaryDirectory.with { directory in
            let file = URL(fileURLWithPath: directory).appendingPathComponent("hello \"world\".txt")
            let contents = Data((0..<3000).map { UInt8(truncatingIfNeeded: $0) })
            try contents.write(to: file)
            let request = Self.session.requestImportFile(file.path, withParent: "/default-domain/workspaces")
            #expect(request.url.absoluteString == "http://localhost:8080/nuxeo/api/v1/automation/FileManager.Import")
            #expect(request.fileInput == file.path)
            #expect(request.context == ["currentDocument": "/default-domain/workspaces"])

            let transfer = try request.makeTransfer()
            guard case .file(let bodyFile, let isTemporary) = transfer.body else {
                Issue.record("expected a multipart body file, got \(transfer.body)")
                return
            }
            defer { try? FileManager.default.removeItem(at: bodyFile) }
            #expect(isTemporary)
            #expect(transfer.contentType.hasPrefix("multipart/form-data; boundary="))
            let boundary = String(transfer.contentType.dropFirst("multipart/form-data; boundary=".count))
            let body = try Data(contentsOf: bodyFile)

            let parts = Self.parts(of: body, boundary: boundary)
            try #require(parts.count == 2)
            #expect(parts[0].headers.contains(#"Content-Disposition: form-data; name="params""#))
            #expect(parts[0].headers.contains("Content-Type: application/json"))
            #expect(try NUXJSONValue(jsonData: parts[0].body) == ["params": [:], "context": ["currentDocument": "/default-domain/workspaces"]])
            #expect(parts[1].headers.contains(#"Content-Disposition: form-data; name="input"; filename="hello \"world\".txt""#))
            #expect(parts[1].headers.contains("Content-Type: application/octet-stream"))
            #expect(parts[1].body == contents)
        }
    }

    /// The headers and body of each part of a `multipart/form-data` body.
    static func parts(of body: Data, boundary: String) -> [(headers: String, body: Data)] {
        let delimiter = Data("--\(boundary)".utf8)
        var parts: [(headers: String, body: Data)] = []
        var rest = body[...]
        while let start = rest.firstRange(of: delimiter) {
            rest = rest[start.upperBound...]
            if rest.starts(with: Data("--".utf8)) { break }
            guard let next = rest.firstRange(of: delimiter) else { break }
            var part = rest[..<next.lowerBound]
            part = part.dropFirst(2).dropLast(2)  // the CRLF after the delimiter, and before the next
            guard let blank = part.firstRange(of: Data("\r\n\r\n".utf8)) else { break }
            parts.append((String(decoding: part[..<blank.lowerBound], as: UTF8.self), Data(part[blank.upperBound...])))
        }
        return parts
    }
}
