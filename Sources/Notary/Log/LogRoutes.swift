import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore
import TransparencyLog

/// The log's public read API (C2SP tlog-tiles) under `/log`, plus the verifier key under
/// `/.well-known/chancery/log.vkey`: everything a monitor needs to audit the whole log.
///
/// - `GET /log/checkpoint`: the newest signed checkpoint.
/// - `GET /log/tile/<L>/<N>[.p/<W>]`: tile hashes, 32 bytes each.
/// - `GET /log/tile/entries/<N>[.p/<W>]`: entries, each behind a 16-bit big-endian length.
///
/// No credentials are needed: a transparency log is public by design. Tiles of a given width
/// never change, so they are served as immutable.
public struct LogRoutes: Sendable {
    private let store: LogStore
    private let verifierKey: String

    /// Creates the routes.
    public init(store: LogStore, verifierKey: String) {
        self.store = store
        self.verifierKey = verifierKey
    }

    /// Adds the routes to `router`.
    public func add(to router: Router<ChanceryRequestContext>) {
        router.get(".well-known/chancery/log.vkey") { _, _ in
            Self.text(verifierKey + "\n", cacheControl: "public, max-age=3600")
        }
        router.get("log/checkpoint") { _, _ in
            guard let note = try await store.latestCheckpoint() else { throw APIError(.notFound, "the log has no checkpoint yet") }
            return Self.text(note.formatted, cacheControl: "no-cache")
        }
        router.get("log/tile/**") { request, _ in
            let path = String(request.uri.path.dropFirst("/log/".count))
            guard let tile = Tile(path: path) else { throw APIError(.notFound, "'\(path)' is not a tile path") }
            let body: [UInt8]
            if tile.level < 0 {
                let start = tile.index * Tile.fullWidth
                let entries = try await store.entries(in: start..<start + tile.width)
                guard entries.count == tile.width else { throw APIError(.notFound, "the log has no tile \(path)") }
                body = try EntryBundle.encode(entries)
            } else {
                guard let hashes = try await store.tile(level: tile.level, index: tile.index), hashes.count >= tile.width else {
                    throw APIError(.notFound, "the log has no tile \(path)")
                }
                body = hashes.prefix(tile.width).flatMap(\.bytes)
            }
            return Response(
                status: .ok,
                headers: [.contentType: "application/octet-stream", .cacheControl: "public, max-age=31536000, immutable"],
                body: .init(byteBuffer: ByteBuffer(bytes: body))
            )
        }
    }

    private static func text(_ text: String, cacheControl: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: cacheControl],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }
}
