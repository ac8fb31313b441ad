import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A file a page loads from this server: a stylesheet or a script, kept in the owning module's
/// `Resources/` folder and compiled into the binary.
///
/// Pages load their code from the server instead of inlining it, so that their content security
/// policy can forbid inline code. Every asset carries a strong entity tag, so that a browser
/// revalidates it with a `304 Not Modified` instead of downloading it again.
public struct WebAsset: Sendable {
    /// Where the asset is served.
    public let path: String
    /// The media type it is served with.
    public let contentType: String
    /// How caches may keep it.
    public let cacheControl: String
    /// The content.
    public let body: ByteBuffer
    /// A strong validator of the content: the quoted start of its SHA-256, in hexadecimal.
    public let entityTag: String

    /// How assets that change with the server are cached: kept, but revalidated before each use.
    public static let revalidated = "no-cache"

    /// An asset with `bytes` as its content.
    public init(path: String, contentType: String, cacheControl: String = WebAsset.revalidated, bytes: some Collection<UInt8>) {
        self.path = path
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.body = ByteBuffer(bytes: bytes)
        let digest = SHA256.hash(data: Array(bytes)).prefix(16)
        self.entityTag = "\"" + digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + "\""
    }

    /// The resource file `name` served from `folder` (a path without a trailing slash), with the
    /// media type its extension names: `.js` a script, `.css` a stylesheet.
    public init(_ name: String, in folder: String, bytes: some Collection<UInt8>, cacheControl: String = WebAsset.revalidated) {
        self.init(path: "\(folder)/\(name)", contentType: Self.contentType(ofFileNamed: name), cacheControl: cacheControl, bytes: bytes)
    }

    /// The asset, or `304 Not Modified` when the request's `If-None-Match` names its entity tag.
    public func response(to request: Request) -> Response {
        let headers: HTTPFields = [
            .contentType: contentType,
            .cacheControl: cacheControl,
            .eTag: entityTag,
            .xContentTypeOptions: "nosniff",
        ]
        if let tags = request.headers[.ifNoneMatch], Self.matches(tags, entityTag) {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }

    /// Whether an `If-None-Match` value (`*`, or a list of tags, weak or strong) names `tag`.
    public static func matches(_ ifNoneMatch: String, _ tag: String) -> Bool {
        ifNoneMatch.split(separator: ",").contains { candidate in
            let value = candidate.trimmingCharacters(in: .whitespaces)
            return value == "*" || value == tag || value == "W/" + tag
        }
    }

    /// The media type of a file by its extension.
    static func contentType(ofFileNamed name: String) -> String {
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        return "application/octet-stream"
    }
}

extension Router {
    /// Adds a `GET` route for each of `assets`, answered by ``WebAsset/response(to:)``.
    public func add(_ assets: [WebAsset]) {
        for asset in assets {
            get(RouterPath(asset.path)) { request, _ in asset.response(to: request) }
        }
    }
}
