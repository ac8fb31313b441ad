import AsyncHTTPClient
import Testing

@testable import Storage

/// Which failures of a request the S3 client sends again (``S3Client/isTransient(_:)``): those
/// on the way, which another attempt may not meet, and none that another attempt would repeat.
@Suite struct S3TransientFailureTests {
    /// A request that waited past the connect timeout for a connection of a busy pool (a store
    /// that answers slowly under many concurrent uploads) is sent again, like one whose
    /// connection could not be opened or broke off.
    @Test(arguments: [
        HTTPClientError.getConnectionFromPoolTimeout, .connectTimeout, .remoteConnectionClosed, .readTimeout, .deadlineExceeded,
    ])
    func aFailureOnTheWayIsSentAgain(_ error: HTTPClientError) {
        #expect(S3Client.isTransient(error))
    }

    /// A request the client could not even form, one cancelled, and a refused redirect fail at once.
    @Test func aFailureAnotherAttemptWouldRepeatIsNot() {
        #expect(!S3Client.isTransient(HTTPClientError.invalidURL))
        #expect(!S3Client.isTransient(HTTPClientError.redirectLimitReached))
        #expect(!S3Client.isTransient(CancellationError()))
    }
}
