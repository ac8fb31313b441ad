import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Makes one attempt of a delivery: checks the callback URL, then POSTs the body with its
/// headers and reports what the callback answered.
///
/// The request goes to the address ``CallbackURLCheck`` approved and to nothing else: its
/// `HTTPClient` maps the host to that address (`dnsOverride`), so no second lookup can lead
/// it elsewhere, while `Host`, TLS server name and certificate checks keep the host name.
/// Redirects are not followed (a 3xx is a failed attempt), and the answer's body is not read.
///
/// Headers: `Content-Type: application/json`, `User-Agent: Chancery-Webhooks/1`,
/// `Webhook-Id` (the delivery's id, the same on every attempt), `Webhook-Timestamp` (the
/// attempt's time in Unix seconds) and `Webhook-Signature` (see ``WebhookSignature``).
struct WebhookSender: Sendable {
    /// Checks callback URLs before each attempt.
    let check: CallbackURLCheck
    /// How long one attempt may take.
    let timeout: Duration
    /// The event loops the HTTP clients run on.
    let eventLoopGroup: any EventLoopGroup

    /// How an attempt went.
    enum Outcome: Sendable, Equatable {
        /// The callback answered 2xx with this status.
        case accepted(status: Int)
        /// The callback answered another status, or could not be reached (`status` is `nil`).
        case failed(status: Int?, reason: String)
    }

    /// POSTs `body` to `callbackURL` as delivery `deliveryID`, signed with `secret`, at `time`.
    func send(body: String, to callbackURL: String, deliveryID: String, secret: String, at time: Date) async -> Outcome {
        let checked: (url: URL, address: IPAddress)
        do {
            checked = try await check.check(callbackURL)
        } catch {
            return .failed(status: nil, reason: "\(error)")
        }
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(connect: TimeAmount(timeout)),
            proxy: nil,
            decompression: .disabled
        )
        let host = OutboundAddressGuard.host(of: checked.url)
        if IPAddress(host) == nil {
            configuration.dnsOverride = [host: checked.address.description]
        }
        let timestamp = Int(time.timeIntervalSince1970)
        var request = HTTPClientRequest(url: checked.url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "Chancery-Webhooks/1")
        request.headers.add(name: "Webhook-Id", value: deliveryID)
        request.headers.add(name: "Webhook-Timestamp", value: String(timestamp))
        request.headers.add(name: "Webhook-Signature", value: WebhookSignature.header(secret: secret, timestamp: timestamp, body: body))
        request.body = .bytes(ByteBuffer(string: body))
        do {
            let status = try await HTTPClient.withHTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration) { client in
                try await client.execute(request, timeout: TimeAmount(timeout)).status
            }
            if (200..<300).contains(status.code) { return .accepted(status: Int(status.code)) }
            return .failed(status: Int(status.code), reason: "the callback answered HTTP \(status.code) \(status.reasonPhrase)")
        } catch {
            return .failed(status: nil, reason: "the callback could not be reached: \(error)")
        }
    }
}
