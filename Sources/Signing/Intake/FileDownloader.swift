import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Downloads `file_url`s under the guards of an ``IntakePolicy``.
///
/// - Only `http` and `https` URLs.
/// - Every hop is checked by ``OutboundAddressGuard`` before anything is sent: the first URL
///   and each redirect's `Location`, at most ``IntakePolicy/maximumRedirects`` of them.
///   Redirects are followed here, never by the HTTP client.
/// - Each hop has its own short-lived `HTTPClient` whose `dnsOverride` maps the URL's host to
///   the address the guard checked. The client connects to that address and resolves
///   nothing itself, while the `Host` header, TLS server name and certificate check still
///   use the host name. This closes the DNS-rebinding window (a name that resolves to a
///   public address when checked and to a private one when connected to): there is no second
///   lookup. What remains is what the checked address itself does, and a host that has
///   several addresses is reached only at the first one the resolver prefers.
/// - The body is read as it arrives and the download stops as soon as it exceeds
///   ``IntakePolicy/maximumFileSize`` (or at once when `Content-Length` announces more).
/// - The whole download, lookups and redirects included, is cut off after
///   ``IntakePolicy/downloadTimeout``. A name lookup cannot be interrupted (see
///   ``HostResolver``): a limit that passes during one takes effect when it returns.
/// - No proxy, no cookies, no decompression (a compressed body would only count larger).
struct FileDownloader: Sendable {
    /// The limits.
    let policy: IntakePolicy
    /// The event loops the HTTP clients run on.
    let eventLoopGroup: any EventLoopGroup

    /// What one request gave.
    private enum Outcome {
        /// The body of a 2xx response.
        case body([UInt8])
        /// A redirect to the `Location` value.
        case redirect(String)
    }

    /// The bytes at `text`.
    ///
    /// - Throws: ``IntakeFailure`` for a bad URL, a forbidden address, an HTTP error, a file
    ///   too large, too many redirects or the time limit.
    func download(_ text: String) async throws -> [UInt8] {
        let url = try Self.httpURL(text, subject: "file_url \(text)")
        let seconds = policy.downloadTimeout.components.seconds
        let timeout = IntakeFailure(.downloadTimedOut, "downloading file_url \(text) took longer than the \(seconds) s this server allows")
        return try await withTimeLimit(policy.downloadTimeout, failure: timeout) { [self] in
            try await follow(url, text: text)
        }
    }

    /// Requests `original`, then each redirect's location, until a response has a body.
    private func follow(_ original: URL, text: String) async throws -> [UInt8] {
        let addressGuard = OutboundAddressGuard(allowPrivateNetworks: policy.allowPrivateNetworks, trustedHosts: policy.trustedHosts)
        var url = original
        var redirects = 0
        while true {
            let subject = redirects == 0 ? "file_url \(text)" : "file_url \(text), redirected to \(url.absoluteString),"
            let address = try await addressGuard.address(for: url, subject: subject)
            switch try await fetch(url, connectingTo: address, subject: subject) {
            case .body(let bytes):
                return bytes
            case .redirect(let location):
                redirects += 1
                guard redirects <= policy.maximumRedirects else {
                    throw IntakeFailure(
                        .tooManyRedirects, "file_url \(text) redirects more than the \(policy.maximumRedirects) times this server follows")
                }
                guard let next = URL(string: location, relativeTo: url)?.absoluteURL else {
                    throw IntakeFailure(.downloadFailed, "\(subject) redirects to \(location), which is not a URL")
                }
                url = try Self.httpURL(next.absoluteString, subject: "file_url \(text), redirected to \(next.absoluteString),")
            }
        }
    }

    /// One GET of `url`, connected to `address`.
    private func fetch(_ url: URL, connectingTo address: IPAddress, subject: String) async throws -> Outcome {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            // The download as a whole is bounded by the policy; connecting is a part of it.
            timeout: HTTPClient.Configuration.Timeout(connect: TimeAmount(policy.downloadTimeout)),
            proxy: nil,
            decompression: .disabled
        )
        // One connection to one checked address: a refused connection fails the download
        // now, where the client would otherwise retry it until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        let host = OutboundAddressGuard.host(of: url)
        if IPAddress(host) == nil {
            configuration.dnsOverride = [host: address.description]
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: "Chancery")
        request.headers.add(name: "Accept", value: "*/*")
        do {
            return try await HTTPClient.withHTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration) { client in
                let response = try await client.execute(request, timeout: TimeAmount(policy.downloadTimeout))
                return try await outcome(of: response, subject: subject)
            }
        } catch let failure as IntakeFailure {
            throw failure
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw IntakeFailure(.downloadFailed, "\(subject) could not be downloaded: \(error)")
        }
    }

    /// The redirect or the body of `response`.
    private func outcome(of response: HTTPClientResponse, subject: String) async throws -> Outcome {
        switch response.status.code {
        case 301, 302, 303, 307, 308:
            guard let location = response.headers.first(name: "Location") else {
                throw IntakeFailure(.downloadFailed, "\(subject) answered \(response.status.code) without a Location")
            }
            return .redirect(location)
        case 200..<300:
            return .body(try await body(of: response))
        default:
            throw IntakeFailure(.downloadFailed, "\(subject) answered HTTP \(response.status.code) \(response.status.reasonPhrase)")
        }
    }

    /// The body of `response`, read up to the size limit.
    private func body(of response: HTTPClientResponse) async throws -> [UInt8] {
        let maximum = policy.maximumFileSize
        if let announced = response.headers.first(name: "Content-Length").flatMap(Int.init), announced > maximum {
            throw IntakeFailure.fileTooLarge(maximum: maximum)
        }
        var bytes: [UInt8] = []
        for try await buffer in response.body {
            guard bytes.count + buffer.readableBytes <= maximum else {
                throw IntakeFailure.fileTooLarge(maximum: maximum)
            }
            bytes.append(contentsOf: buffer.readableBytesView)
        }
        try Task.checkCancellation()
        return bytes
    }

    /// `text` as an absolute `http` or `https` URL with a host.
    ///
    /// - Throws: ``IntakeFailure`` `.invalidURL` otherwise.
    static func httpURL(_ text: String, subject: String) throws -> URL {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)), let scheme = url.scheme?.lowercased() else {
            throw IntakeFailure(.invalidURL, "\(subject) is not a URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw IntakeFailure(.invalidURL, "\(subject) is a \(scheme): URL; this server downloads only http and https URLs")
        }
        guard !OutboundAddressGuard.host(of: url).isEmpty else {
            throw IntakeFailure(.invalidURL, "\(subject) has no host")
        }
        return url
    }
}
