import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The request of the report benchmarks: `POST /qed/v1/reports/` of a report with one file, as
/// a QED client sends it, under an API key.
public enum QEDReportRequest {
    /// The request for report `number` (its hash is the number, so every report is new) to the
    /// server at `base`.
    public static func make(_ number: Int, base: String, key: String) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: "\(base)/qed/v1/reports/")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "app-token \(key)")
        request.headers.add(name: "Content-Type", value: "application/json")
        let hash = String(format: "%064x", number)
        request.body = .bytes(
            ByteBuffer(
                string:
                    #"{"hash":"\#(hash)","name":"bench \#(number)","original_created_at":"2026-11-21T12:00:00Z","provable_files":[{"hash":"\#(hash)","file_name":"file\#(number).jpg"}]}"#
            ))
        return request
    }

    /// Sends `request` through `client` and fails unless the answer has `status`.
    public static func send(_ request: HTTPClientRequest, client: HTTPClient, expecting status: UInt) async throws {
        let response = try await client.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status.code == status else {
            throw BenchmarkError("\(request.url): \(response.status) \(String(buffer: body))")
        }
    }
}
