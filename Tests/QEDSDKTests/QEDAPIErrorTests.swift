import Foundation
import Testing

@testable import QEDSDK

@Suite struct QEDAPIErrorTests {
    @Test func aDetailBodyGivesItsMessage() {
        let error = QEDAPIError.refusal(statusCode: 404, body: Data(#"{"detail": "Not found."}"#.utf8))
        #expect(error == .server(statusCode: 404, message: "Not found.", fieldErrors: [:]))
    }

    @Test func fieldErrorsAreKeptAndJoinedInFieldOrder() {
        let body = #"{"provable_files[0].hash": ["Enter a SHA-256 digest as 64 hex characters."], "hash": ["This field is required.", "Again."]}"#
        let error = QEDAPIError.refusal(statusCode: 400, body: Data(body.utf8))
        #expect(
            error
                == .server(
                    statusCode: 400,
                    message: "hash: This field is required.; hash: Again.; provable_files[0].hash: Enter a SHA-256 digest as 64 hex characters.",
                    fieldErrors: [
                        "hash": ["This field is required.", "Again."], "provable_files[0].hash": ["Enter a SHA-256 digest as 64 hex characters."],
                    ]
                ))
    }

    @Test func aBodyThatIsNotQEDJSONGivesTheStatusText() {
        guard case .server(503, let message, let fields) = QEDAPIError.refusal(statusCode: 503, body: Data("<html>busy</html>".utf8)) else {
            Issue.record("not a server error")
            return
        }
        #expect(!message.isEmpty)
        #expect(fields.isEmpty)
    }

    @Test func errorDescriptionsCarryTheServersMessage() {
        let error = QEDAPIError.server(statusCode: 400, message: "hash: This field is required.", fieldErrors: ["hash": ["This field is required."]])
        #expect(error.errorDescription == "The server refused the request (HTTP 400): hash: This field is required.")
        #expect((error as any Error).localizedDescription.contains("hash: This field is required."))
    }
}
