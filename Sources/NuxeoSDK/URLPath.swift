import Foundation

/// How the SDK builds the URLs of requests: a base URL and path segments joined by `/`.
enum URLPath {
    /// `url` followed by `/` and `segment`, percent-encoded.
    ///
    /// A `/` that starts `segment` is dropped (a document path `/a/b` goes after `path` as
    /// `path/a/b`); the other `/` in it separate segments. So the root path `/` gives `path/`,
    /// and an adaptor after it `path//@children`, which is what Nuxeo's clients send and
    /// servers accept.
    static func appending(_ segment: String, to url: URL) -> URL {
        let segment = segment.hasPrefix("/") ? String(segment.dropFirst()) : segment
        // A valid URL followed by `/` and percent-encoded path characters is a valid URL.
        return URL(string: url.absoluteString + "/" + URLComponentEncoding.path(segment))!
    }

    /// `url` without the `/` it may end with, to append paths to: a server URL may be given
    /// as `http://host/nuxeo/` as well as `http://host/nuxeo`.
    static func base(_ url: URL) -> URL {
        var text = url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text) ?? url
    }
}
