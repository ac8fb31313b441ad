import Foundation
import Testing

@testable import SignWellSDK

/// Refusals in the three shapes the SignWell API explains them in, and in none.
@Suite struct SignWellErrorTests {
    @Test func readsAnExplanationWithMeta() {
        let body = Data(
            #"{"message": "Not found", "meta": {"error": "record_not_found", "message": "Document not found", "messages": ["Document not found", "check the id"]}}"#
                .utf8)
        let error = SignWellError(statusCode: 404, body: body, retryAfterHeader: nil)
        #expect(error.statusCode == 404)
        #expect(error.code == "record_not_found")
        #expect(
            error.reason
                == .message(
                    "Not found",
                    meta: .init(error: "record_not_found", message: "Document not found", messages: ["Document not found", "check the id"])))
        #expect(error.description == "HTTP 404 record_not_found: Not found; Document not found; check the id")
        #expect(error.localizedDescription == error.description)
    }

    @Test func flattensNestedValidationErrorsWithDottedKeys() {
        let body = Data(
            #"""
            {"errors": {
              "files": "can't be blank",
              "recipients": [{"email": ["is invalid", "is too long"]}, {"name": ["is missing"]}],
              "fields": {"0": {"0": {"page": ["must be at least 1"]}}},
              "name": ["is too long"]
            }}
            """#.utf8)
        let error = SignWellError(statusCode: 422, body: body, retryAfterHeader: nil)
        #expect(
            error.fieldErrors == [
                "files": ["can't be blank"],
                "recipients.0.email": ["is invalid", "is too long"],
                "recipients.1.name": ["is missing"],
                "fields.0.0.page": ["must be at least 1"],
                "name": ["is too long"],
            ])
        #expect(error.code == nil)
        #expect(
            error.description
                == "HTTP 422 invalid input: fields.0.0.page: must be at least 1; files: can't be blank; name: is too long; recipients.0.email: is invalid; recipients.0.email: is too long; recipients.1.name: is missing"
        )
    }

    @Test func readsARateLimitWithItsWait() {
        let error = SignWellError(statusCode: 429, body: Data(#"{"error": "Rate limit exceeded"}"#.utf8), retryAfterHeader: "30")
        #expect(error.reason == .rateLimited("Rate limit exceeded"))
        #expect(error.retryAfter == 30)
        #expect(error.description == "HTTP 429 too many requests: Rate limit exceeded (retry after 30 s)")

        let later = Date(timeIntervalSinceNow: 120)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let dated = SignWellError(statusCode: 429, body: Data(#"{"error": "slow down"}"#.utf8), retryAfterHeader: formatter.string(from: later))
        #expect(dated.retryAfter.map { (110...121).contains($0) } == true, "\(String(describing: dated.retryAfter))")
    }

    @Test func keepsTheStartOfABodyInNoKnownShape() {
        let html = SignWellError(statusCode: 502, body: Data("<html>Bad gateway</html>".utf8), retryAfterHeader: nil)
        #expect(html.reason == .unexplained("<html>Bad gateway</html>"))
        let empty = SignWellError(statusCode: 500, body: Data(), retryAfterHeader: nil)
        guard case .unexplained(let phrase) = empty.reason else {
            Issue.record("an empty body is unexplained, not \(empty.reason)")
            return
        }
        #expect(!phrase.isEmpty)
        #expect(empty.description.hasPrefix("HTTP 500: "))
    }
}
