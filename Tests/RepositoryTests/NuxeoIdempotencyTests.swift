import Accounts
import ChanceryTestSupport
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Synchronization
import Testing

@testable import Repository

/// Nuxeo's `Idempotency-Key` (``NuxeoIdempotencyMiddleware``): a write repeated with its key is
/// answered as the first was without running again, one sent while the first runs is refused
/// with 409, and errors, other users and idempotent methods are not replayed.
@Suite struct NuxeoIdempotencyTests {
    static let key = HTTPField.Name("Idempotency-Key")!
    static let user = HTTPField.Name("X-Test-User")!

    /// Sets the principal named by the `X-Test-User` header, as authentication would.
    struct TestIdentity: RouterMiddleware {
        func handle(
            _ request: Request, context: ChanceryRequestContext, next: (Request, ChanceryRequestContext) async throws -> Response
        ) async throws -> Response {
            var context = context
            if let name = request.headers[NuxeoIdempotencyTests.user] {
                context.identity = Principal(userID: "id-" + name, userName: name, groups: [], credential: .password)
            }
            return try await next(request, context)
        }
    }

    /// What the handler behind the middleware saw.
    final class Handler: Sendable {
        let runs = Mutex(0)
        /// Yields once for each run that reached the handler.
        let entered = AsyncStream.makeStream(of: Void.self)
        /// The first run waits for one element here before it answers.
        let release = AsyncStream.makeStream(of: Void.self)
    }

    /// Runs `body` with a client of a router whose `POST /nuxeo/write` counts its runs and
    /// answers 201 with the run's number (the first run waits for `handler.release`), whose
    /// `POST /nuxeo/fail` answers 404, and whose `GET /nuxeo/write` counts too.
    static func with(_ body: @escaping @Sendable (any TestClientProtocol, Handler) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([RepositoryMigrations.all], logger: TestDatabase.logger)
            let handler = Handler()
            let router = Router(context: ChanceryRequestContext.self)
            router.add(middleware: ErrorMiddleware(formats: [NuxeoAPI.errorFormat]))
            let group = router.group("nuxeo").add(middleware: TestIdentity())
                .add(middleware: NuxeoIdempotencyMiddleware(requests: IdempotentRequests(database: database)))
            @Sendable func write(_: Request, _: ChanceryRequestContext) async throws -> Response {
                let run = handler.runs.withLock { runs in
                    runs += 1
                    return runs
                }
                handler.entered.continuation.yield()
                if run == 1 {
                    var iterator = handler.release.stream.makeAsyncIterator()
                    _ = await iterator.next()
                }
                return Response(
                    status: .created, headers: [.contentType: "application/json", .location: "/nuxeo/doc/\(run)"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"run":\#(run)}"#))
                )
            }
            group.post("write", use: write)
            group.get("write", use: write)
            group.post("fail") { _, _ -> Response in
                handler.runs.withLock { $0 += 1 }
                throw APIError(.notFound, "nothing here")
            }
            try await Application(router: router).test(.router) { client in
                try await body(client, handler)
            }
        }
    }

    static func headers(_ user: String, key: String?) -> HTTPFields {
        var fields: HTTPFields = [Self.user: user]
        if let key { fields[Self.key] = key }
        return fields
    }

    @Test func aRepeatedWriteIsAnsweredAsTheFirstAndOneSentWhileTheFirstRunsIsRefused() async throws {
        try await Self.with { client, handler in
            var entered = handler.entered.stream.makeAsyncIterator()
            async let first = client.execute(uri: "/nuxeo/write", method: .post, headers: Self.headers("alice", key: "k1"))
            _ = await entered.next()

            let concurrent = try await client.execute(uri: "/nuxeo/write", method: .post, headers: Self.headers("alice", key: "k1"))
            #expect(concurrent.status == .conflict)
            #expect(concurrent.headers[Self.key] == "k1")
            #expect(String(buffer: concurrent.body).contains("already being processed"))

            handler.release.continuation.yield()
            let answered = try await first
            #expect(answered.status == .created)
            #expect(answered.headers[Self.key] == "k1")
            #expect(String(buffer: answered.body) == #"{"run":1}"#)

            let repeated = try await client.execute(uri: "/nuxeo/write", method: .post, headers: Self.headers("alice", key: "k1"))
            #expect(repeated.status == .created)
            #expect(String(buffer: repeated.body) == #"{"run":1}"#)
            #expect(repeated.headers[.location] == "/nuxeo/doc/1")
            #expect(repeated.headers[.contentType] == "application/json")
            #expect(repeated.headers[Self.key] == "k1")
            #expect(handler.runs.withLock { $0 } == 1)

            // Another user's key of the same name is theirs; another key runs again.
            let bob = try await client.execute(uri: "/nuxeo/write", method: .post, headers: Self.headers("bob", key: "k1"))
            #expect(String(buffer: bob.body) == #"{"run":2}"#)
            let other = try await client.execute(uri: "/nuxeo/write", method: .post, headers: Self.headers("alice", key: "k2"))
            #expect(String(buffer: other.body) == #"{"run":3}"#)
            #expect(handler.runs.withLock { $0 } == 3)
        }
    }

    @Test func errorsAndIdempotentMethodsAreNotReplayedAndLongKeysAreRefused() async throws {
        try await Self.with { client, handler in
            handler.release.continuation.yield()
            for _ in 0..<2 {
                let failed = try await client.execute(uri: "/nuxeo/fail", method: .post, headers: Self.headers("alice", key: "f"))
                #expect(failed.status == .notFound)
            }
            #expect(handler.runs.withLock { $0 } == 2)
            for _ in 0..<2 {
                let read = try await client.execute(uri: "/nuxeo/write", method: .get, headers: Self.headers("alice", key: "g"))
                #expect(read.status == .created)
                #expect(read.headers[Self.key] == nil)
            }
            #expect(handler.runs.withLock { $0 } == 4)
            let long = try await client.execute(
                uri: "/nuxeo/write", method: .post, headers: Self.headers("alice", key: String(repeating: "k", count: 256)))
            #expect(long.status == .badRequest)
            #expect(String(buffer: long.body).contains("entity-type"))
            #expect(handler.runs.withLock { $0 } == 4)
        }
    }

    @Test func anAnswerNotKeptFreesItsKeyAndAnAbandonedKeyIsFreeAfterItsTime() async throws {
        try await TestDatabase.with { database in
            try await database.migrate([RepositoryMigrations.all], logger: TestDatabase.logger)
            let requests = IdempotentRequests(database: database)
            let start = Date()
            #expect(try await requests.begin("k", principalID: "p", now: start) == .started)
            #expect(try await requests.begin("k", principalID: "p", now: start.addingTimeInterval(60)) == .inProgress)
            // Its instance was killed: the key is free once the request is taken as abandoned.
            let later = start.addingTimeInterval(IdempotentRequests.abandonment + 1)
            #expect(try await requests.begin("k", principalID: "p", now: later) == .started)
            let answer = IdempotentRequests.Answer(status: 201, headers: [["Content-Type", "text/plain"]], body: Data("made".utf8))
            try await requests.complete("k", principalID: "p", with: answer, now: later)
            #expect(try await requests.begin("k", principalID: "p", now: later.addingTimeInterval(3600)) == .completed(answer))
            #expect(try await requests.begin("k", principalID: "p", now: later.addingTimeInterval(IdempotentRequests.retention + 1)) == .started)
            try await requests.forget("k", principalID: "p")
            #expect(try await requests.begin("k", principalID: "p", now: later) == .started)
        }
    }
}
